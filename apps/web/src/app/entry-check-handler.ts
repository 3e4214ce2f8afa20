// A call refused by the server's entry checks (docs/domain.md « Parcours »): the stored user is out of date (validated
// or password flags), so it is corrected and the user sent to the page that resolves the refusal,
// as the client's own entry checks would have done.
import type { createBrowserRouter } from 'react-router-dom';
import type { EntryCheckRefusal } from '../lib/api/api-client.ts';
import { CHANGE_PASSWORD_PATH, isChangePasswordPath, VALIDATION_PATH } from '../lib/session/paths.ts';
import { sessionEvents } from '../lib/session/session-events.ts';
import { session } from '../lib/session/session-store.ts';
import { stripBasename } from './base-path.ts';
import { forgetLoadedUserInfo } from './route-guard.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function installEntryCheckHandler(router: AppRouter): () => void {
  return sessionEvents.onEntryCheckRefused((code: EntryCheckRefusal) => {
    forgetLoadedUserInfo();
    const user = session.getState().user;
    const path = stripBasename(router.state.location.pathname);
    if (code === 'EMAIL_NOT_VALIDATED') {
      if (user) session.setUser({ ...user, enabled: false });
      if (path !== VALIDATION_PATH) void router.navigate(VALIDATION_PATH);
    } else {
      if (user) session.setUser({ ...user, mustChangePassword: true });
      if (!isChangePasswordPath(path)) void router.navigate(`${CHANGE_PASSWORD_PATH}/`);
    }
  });
}

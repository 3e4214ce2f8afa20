// Toasts: small DSFR alerts fixed at the top right, announced politely.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { useSyncExternalStore } from 'react';
import { toasts } from '../../lib/toast/toast-store.ts';
import './toaster.css';

export function Toaster() {
  const items = useSyncExternalStore(toasts.subscribe, toasts.getToasts, toasts.getToasts);
  return (
    <div className="lca-toaster" role="status" aria-live="polite">
      {items.map((item) => (
        <Alert
          key={item.id}
          className="lca-toaster__item"
          severity={item.severity}
          // The container is the live region: no role on each toast, so nothing is announced twice.
          role={undefined}
          small
          closable
          description={item.message}
          onClose={() => toasts.dismiss(item.id)}
        />
      ))}
    </div>
  );
}

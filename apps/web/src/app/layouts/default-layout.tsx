// Default layout: the frame plus the cookie banner.
import { CookieBanner } from '../../features/shell/cookie-banner.tsx';
import { LayoutFrame } from './layout-frame.tsx';

export function DefaultLayout() {
  return (
    <LayoutFrame>
      <CookieBanner />
    </LayoutFrame>
  );
}

// Login layout: the frame without the cookie banner.
import { LayoutFrame } from './layout-frame.tsx';

export function LoginLayout() {
  return <LayoutFrame />;
}

// Default layout: the frame plus the cookie banner (its own chunk, after the first paint).
import { Suspense } from 'react';
import { lazyLayoutPart } from '../chunk-reload.ts';
import { LayoutFrame } from './layout-frame.tsx';

const CookieBanner = lazyLayoutPart(() =>
  import('../../features/shell/cookie-banner.tsx').then((m) => m.CookieBanner),
);

export function DefaultLayout() {
  return (
    <LayoutFrame>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </LayoutFrame>
  );
}

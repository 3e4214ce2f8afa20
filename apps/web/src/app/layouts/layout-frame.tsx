// What both layouts show (docs/domain.md « Parcours »): header, unsupported-browser banner, notes, page, footer, toasts.
// The banner, the notes and the focus on page change come in their own chunks (the notes bring the
// HTML sanitiser; the first page needs no focus move): the initial script stays within its budget
// (test/bundle-size.test.ts). The page waits in the same boundary as its notes: a note arriving
// after the page would push the page down under the reader's pointer (a click meant for
// « Se connecter » landing in the password field).
import { SkipLinks } from '@codegouvfr/react-dsfr/SkipLinks';
import { Suspense, type ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { SiteFooter } from '../../features/shell/site-footer.tsx';
import { SiteHeader } from '../../features/shell/site-header.tsx';
import { Toaster } from '../../features/shell/toaster.tsx';
import { lazyLayoutPart } from '../chunk-reload.ts';
import { useRouteMeta } from '../use-route-meta.ts';

const Notes = lazyLayoutPart(() => import('../../features/shell/notes.tsx').then((m) => m.Notes));
const RouteFocus = lazyLayoutPart(() => import('../../lib/focus/route-focus.tsx').then((m) => m.RouteFocus));
const UnsupportedBrowserBanner = lazyLayoutPart(() =>
  import('../../features/shell/unsupported-browser-banner.tsx').then((m) => m.UnsupportedBrowserBanner),
);

export function LayoutFrame({ children, content }: { children?: ReactNode; content?: ReactNode }) {
  const meta = useRouteMeta();
  const navigation = useNavigation();
  return (
    <>
      <SkipLinks
        links={[
          { label: 'Contenu', anchor: '#contenu' },
          { label: 'Pied de page', anchor: '#fr-footer' },
        ]}
      />
      <SiteHeader />
      <Suspense fallback={null}>
        <RouteFocus />
        <UnsupportedBrowserBanner />
        <Notes routeName={meta?.name ?? null} />
        <div aria-busy={navigation.state !== 'idle'}>{content ?? <Outlet />}</div>
      </Suspense>
      <SiteFooter />
      {children}
      <Toaster />
    </>
  );
}

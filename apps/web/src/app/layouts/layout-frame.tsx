// What both layouts show (docs/domain.md « Parcours »): header, unsupported-browser banner, notes, page, footer, toasts.
import { SkipLinks } from '@codegouvfr/react-dsfr/SkipLinks';
import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { Notes } from '../../features/shell/notes.tsx';
import { SiteFooter } from '../../features/shell/site-footer.tsx';
import { SiteHeader } from '../../features/shell/site-header.tsx';
import { Toaster } from '../../features/shell/toaster.tsx';
import { UnsupportedBrowserBanner } from '../../features/shell/unsupported-browser-banner.tsx';
import { useRouteMeta } from '../use-route-meta.ts';

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
      <UnsupportedBrowserBanner />
      <Notes routeName={meta?.name ?? null} />
      <div aria-busy={navigation.state !== 'idle'}>{content ?? <Outlet />}</div>
      <SiteFooter />
      {children}
      <Toaster />
    </>
  );
}

// Page frame: container, h1 and the document title.
import { fr } from '@codegouvfr/react-dsfr';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

export function Page({
  title,
  children,
  narrow = false,
  lead,
  documentTitle,
}: {
  title: string;
  /** The browser tab's title when it is not the page's h1 (a wizard's step). */
  documentTitle?: string;
  children?: ReactNode;
  narrow?: boolean;
  lead?: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? title);
  const body = (
    <>
      <h1>{title}</h1>
      {lead && <p className={fr.cx('fr-text--lead')}>{lead}</p>}
      {children}
    </>
  );
  return (
    <main className={fr.cx('fr-container', 'fr-my-6w')} id="contenu">
      {narrow ? (
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-8', 'fr-col-lg-6')}>{body}</div>
        </div>
      ) : (
        body
      )}
    </main>
  );
}

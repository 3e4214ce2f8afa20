// /administration/lca: the mail outbox now; account and reference-data administration come later.
import { fr } from '@codegouvfr/react-dsfr';
import { Notice } from '@codegouvfr/react-dsfr/Notice';
import { Page, PLACEHOLDER_TEXT } from '../shell/index.ts';
import { OutboxTable } from './outbox-table.tsx';

export function AdminLcaPage() {
  return (
    <Page title="Administration du compte association">
      <h2 className={fr.cx('fr-h4')}>Courriels envoyés</h2>
      <OutboxTable />
      <h2 className={fr.cx('fr-h4')}>Comptes, notes et référentiels</h2>
      <Notice title={PLACEHOLDER_TEXT} />
      <p className={fr.cx('fr-mt-2w')}>
        La gestion des comptes utilisateurs, des notes affichées sur les pages, des questions et des référentiels.
      </p>
    </Page>
  );
}

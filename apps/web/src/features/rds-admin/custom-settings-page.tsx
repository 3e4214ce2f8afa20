// /administration/rds/parametrage-custom: the definitions of the custom fields (expected fields,
// answered in a dossier's or a project's `customs`) and of the expected documents the campaigns
// link (rds-server GET/POST/PUT /champs-attendus and /documents-attendus, features/expected-definitions).
// Each is created, renamed, given another type or nature, switched off; a campaign then asks for it
// (/administration/rds).
import { Link } from 'react-router-dom';
import { ExpectedDefinitions } from '../expected-definitions/index.ts';
import { Page } from '../shell/index.ts';
import { RDS_ADMIN_PATH } from './paths.ts';

const ENABLED = 'Active (proposée aux campagnes)';

export function CustomSettingsPage() {
  return (
    <Page title="Paramétrage personnalisé" lead="Les champs personnalisés et les documents que les campagnes des dispositifs peuvent demander aux associations.">
      <p>
        Une définition sert à toutes les campagnes : chacune choisit ensuite les siennes, leur partie et leurs conditions dans l’
        <Link to={RDS_ADMIN_PATH}>administration des dispositifs</Link>.
      </p>
      <ExpectedDefinitions
        catalogue="subventions"
        kind="champs"
        texts={{ title: 'Champs personnalisés', caption: 'Champs personnalisés des dispositifs', add: 'Nouveau champ', one: 'le champ', enabled: ENABLED }}
      />
      <ExpectedDefinitions
        catalogue="subventions"
        kind="documents"
        texts={{ title: 'Documents attendus', caption: 'Documents attendus des dispositifs', add: 'Nouveau document', one: 'le document', enabled: ENABLED }}
      />
    </Page>
  );
}

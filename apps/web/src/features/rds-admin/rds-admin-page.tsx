// /administration/rds (docs/domain.md « Services instructeurs », « Dispositifs et subventions »):
// the scheme administrators' screen. The instructing services and their hierarchy; the schemes,
// their sub-schemes and campaigns, each campaign's expected fields and documents with the
// condition editor and its preview on the campaign's dossiers. The definitions of the expected
// fields and documents are on /administration/rds/parametrage-custom.
import { fr } from '@codegouvfr/react-dsfr';
import { Link } from 'react-router-dom';
import { Page } from '../shell/index.ts';
import { CUSTOM_SETTINGS_PATH } from './paths.ts';
import { SchemesPanel } from './schemes-panel.tsx';
import { ServicesPanel } from './services-panel.tsx';

export function RdsAdminPage() {
  return (
    <Page title="Administration des dispositifs" lead="Les services instructeurs, les dispositifs de subvention, leurs campagnes et ce que chaque campagne demande aux associations.">
      <p>
        Les définitions des champs et documents attendus se gèrent dans le <Link to={CUSTOM_SETTINGS_PATH}>paramétrage personnalisé</Link>.
      </p>
      <section aria-labelledby="rds-services" className={fr.cx('fr-mb-6w')}>
        <h2 id="rds-services" className={fr.cx('fr-h4')}>
          Services instructeurs
        </h2>
        <ServicesPanel />
      </section>
      <section aria-labelledby="rds-dispositifs">
        <h2 id="rds-dispositifs" className={fr.cx('fr-h4')}>
          Dispositifs et campagnes
        </h2>
        <SchemesPanel />
      </section>
    </Page>
  );
}

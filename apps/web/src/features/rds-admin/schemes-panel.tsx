// The subsidy schemes: one chosen among the dispositifs, its sub-schemes, its campaigns, a new
// campaign (campaign-create-form.tsx, the list read again once created), and the campaign being
// edited (campaign-editor.tsx).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, rdsSchemeRoutes, SUBVENTION_POPULATE, type SubventionView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { formatDay } from './format.ts';
import { CampaignCreateForm } from './campaign-create-form.tsx';
import { CampaignEditor } from './campaign-editor.tsx';

export function SchemesPanel() {
  const queryClient = useQueryClient();
  const dispositifs = useQuery({
    queryKey: ['rds-admin', 'dispositifs'],
    queryFn: () => callApi(rdsSchemeRoutes.listDispositifs, { query: { populate: 'sous_dispositifs' } }),
    retry: false,
  });
  const [code, setCode] = useState('');
  const campaigns = useQuery({
    queryKey: ['rds-admin', 'subventions', code],
    queryFn: () => callApi(rdsSchemeRoutes.listSubventions, { query: { dispositif: code } }),
    enabled: code !== '',
    retry: false,
  });
  const [open, setOpen] = useState<SubventionView | null>(null);
  const [openProblem, setOpenProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  async function openCampaign(campaignCode: string) {
    setOpenProblem(null);
    try {
      setOpen(await callApi(rdsSchemeRoutes.getSubvention, { params: { code: campaignCode }, query: { populate: SUBVENTION_POPULATE.join(',') } }));
    } catch (error) {
      setOpenProblem(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  if (dispositifs.error) return <Alert severity="error" small role="alert" description={errorMessage(dispositifs.error, MESSAGES.httpEmpty)} />;
  if (!dispositifs.data) return <p>Chargement des dispositifs…</p>;
  const chosen = dispositifs.data.find((d) => d.code === code);

  return (
    <>
      <SelectField error={undefined}
        label="Dispositif"
        name="dispositif"
        value={code}
        placeholder="Choisir un dispositif"
        options={dispositifs.data.map((d) => ({ value: d.code ?? '', label: `${d.label ?? d.code} (${d.code})` }))}
        onChange={(value) => {
          setCode(value);
          setOpen(null);
          setCreating(false);
        }}
      />
      {chosen && (
        <>
          <h3 className={fr.cx('fr-h5')}>Sous-dispositifs de {chosen.label}</h3>
          {(chosen.sous_dispositifs ?? []).length === 0 ? (
            <p>Ce dispositif n’a pas de sous-dispositif.</p>
          ) : (
            <DataTable
              caption={`Sous-dispositifs de ${chosen.label}`}
            noCaption
              rowHeaders
              headers={['Sous-dispositif', 'Début', 'Fin', 'Actif']}
              data={chosen.sous_dispositifs!.map((sd) => [sd.label, formatDay(sd.date_debut), formatDay(sd.date_fin), sd.active ? 'Oui' : 'Non'])}
            />
          )}
          <h3 className={fr.cx('fr-h5')}>Campagnes de {chosen.label}</h3>
          <Button priority="secondary" iconId="fr-icon-add-line" className={fr.cx('fr-mb-2w')} onClick={() => setCreating((c) => !c)} nativeButtonProps={{ 'aria-expanded': creating }}>
            Créer une campagne<span className={fr.cx('fr-sr-only')}> de {chosen.label}</span>
          </Button>
          {creating && (
            <CampaignCreateForm
              dispositif={{ code: chosen.code ?? code, label: chosen.label ?? code }}
              onCreated={() => {
                setCreating(false);
                void queryClient.invalidateQueries({ queryKey: ['rds-admin', 'subventions'] });
              }}
            />
          )}
          {campaigns.error ? (
            <Alert severity="error" small role="alert" description={errorMessage(campaigns.error, MESSAGES.httpEmpty)} />
          ) : !campaigns.data ? (
            <p>Chargement des campagnes…</p>
          ) : campaigns.data.length === 0 ? (
            <p>Aucune campagne pour ce dispositif.</p>
          ) : (
            <DataTable
              caption={`Campagnes de ${chosen.label}`}
            noCaption
              rowHeaders
              headers={['Campagne', 'Code', 'Exercice', 'Active', 'Fenêtre', 'Modifier']}
              data={campaigns.data.map((c) => [
                c.label,
                <code key="code">{c.code}</code>,
                String(c.campagne_exercice),
                c.active ? 'Oui' : 'Non',
                c.fenetre.libelle,
                <Button key="open" size="small" priority="secondary" onClick={() => void openCampaign(c.code)}>
                  Modifier<span className={fr.cx('fr-sr-only')}> la campagne {c.code}</span>
                </Button>,
              ])}
            />
          )}
        </>
      )}
      {openProblem && <Alert severity="error" small role="alert" description={openProblem} />}
      {open && (
        <CampaignEditor
          key={`${open.id}-${open.label}-${open.campagne_exercice}`}
          campaign={open}
          onSaved={(saved) => {
            void queryClient.invalidateQueries({ queryKey: ['rds-admin', 'subventions'] });
            void openCampaign(saved.code);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

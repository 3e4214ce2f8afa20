// Step 3 (spec §4): the common approval criteria (tronc commun d'agrément, `tca`), the food-aid
// block (`haa`) for a HAA approval only, and the answers to the approval's expected fields
// (`customs`, each by its kind, required ones with the red asterisk), those the dossier asks for
// (contract askedOfApproval: active, their conditions holding). The server checks the same. For a
// HAA approval, the association side also sees its food-aid sites there and manages them in their
// modal (features/haa-sites, the routes and rules of /association/haa/sites); the instructing
// service, which does not read the association's file, reads them through the dossier, read only.
import { fr } from '@codegouvfr/react-dsfr';
import { askedOfApproval, HAA_APPROVAL_TYPE, MESSAGES } from '@portail/contract';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { CheckboxField, checkedText, isChecked } from '../../../lib/forms/checkbox-field.tsx';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { customValue, ExpectedFieldsFieldset, RequiredLegend, StepActions } from '../../subsidies/index.ts';
import type { ApprovalStepProps } from './types.ts';

// The sites' modal (its hours and commune field) loads only for a food-aid approval.
const HaaSitesSection = lazy(() => import('../../haa-sites/index.ts').then((m) => ({ default: m.HaaSitesSection })));
const ApprovalFoodAidSites = lazy(() => import('./food-aid-sites.tsx').then((m) => ({ default: m.ApprovalFoodAidSites })));

interface StepCriteriaProps extends ApprovalStepProps {
  /** The association whose food-aid sites the step shows and manages (the association side); null on the service side, which reads them through the dossier. */
  sitesOf: string | null;
}

/** The three common criteria every approval checks (general-interest purpose, democratic functioning, financial transparency). */
export const TCA_CRITERIA = [
  { key: 'objet_interet_general', label: 'L’association poursuit un objet d’intérêt général.' },
  { key: 'fonctionnement_democratique', label: 'Son fonctionnement est démocratique (instances élues, assemblée générale régulière).' },
  { key: 'transparence_financiere', label: 'Sa gestion financière est transparente (comptes approuvés et publiés).' },
] as const;

/** What a food-aid authorisation describes (spec §3 « Food-aid »). */
export const HAA_FIELDS = [
  { key: 'distribution', label: 'Distribution de l’aide alimentaire (publics, lieux, fréquence)' },
  { key: 'fourniture', label: 'Approvisionnement (origine des denrées)' },
  { key: 'moyens', label: 'Moyens humains et matériels' },
  { key: 'hygiene', label: 'Respect des règles d’hygiène' },
  { key: 'tracabilite', label: 'Traçabilité des denrées' },
] as const;
const HAA_MAX = 2000;

type Customs = readonly { code: string; value: unknown }[];

export function StepCriteria({ dossier, readOnly, onSave, onBack, sitesOf }: StepCriteriaProps) {
  const haa = dossier.agrement.type_agrement === HAA_APPROVAL_TYPE;
  const [tca, setTca] = useState<Record<string, string>>(Object.fromEntries(TCA_CRITERIA.map((c) => [c.key, checkedText(dossier.tca?.[c.key] === true)])));
  const [food, setFood] = useState<Record<string, string>>(Object.fromEntries(HAA_FIELDS.map((f) => [f.key, typeof dossier.haa?.[f.key] === 'string' ? (dossier.haa[f.key] as string) : ''])));
  const [customs, setCustoms] = useState<Customs>(dossier.customs);
  const { summary, errors, refuse, fix, sending, send } = useSending({
    fieldOfServerKey: (key) => {
      const custom = /^customs\.(?:\d+\.)?(?:value\.)?([^.]+)$/.exec(key)?.[1];
      return custom ? `custom-${custom}` : null;
    },
    targetOf: (key) => (key.startsWith('custom-') ? key : `field-${key}`),
  });
  // The fields the dossier asks for: active, their conditions holding on it (the server requires the same).
  const fields = askedOfApproval(dossier.agrement.champs_attendus, dossier).map((f) => ({ ...f, required: f.obligatoire }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const f of fields) if (f.required && (customValue(customs, f.code) ?? '') === '') found[`custom-${f.code}`] = MESSAGES.pleaseFill(f.label);
    if (refuse(found)) return;
    await send(() =>
      onSave({
        step: 3,
        tca: Object.fromEntries(TCA_CRITERIA.map((c) => [c.key, isChecked(tca[c.key])])),
        ...(haa ? { haa: Object.fromEntries(HAA_FIELDS.map((f) => [f.key, food[f.key]!.trim()])) } : {}),
        customs: [...customs],
      }),
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Critères d’agrément">
      <ErrorSummary {...summary} />
      {!readOnly && fields.some((f) => f.required) && <RequiredLegend />}
      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Tronc commun d’agrément</legend>
        {TCA_CRITERIA.map((c) => (
          <div key={c.key} className={fr.cx('fr-fieldset__element')}>
            <CheckboxField label={c.label} name={`tca-${c.key}`} value={tca[c.key]!} error={undefined} disabled={readOnly} onChange={(value) => setTca((t) => ({ ...t, [c.key]: value }))} />
          </div>
        ))}
      </fieldset>
      {haa && (
        <fieldset className={fr.cx('fr-fieldset')}>
          <legend className={fr.cx('fr-fieldset__legend')}>Habilitation à l’aide alimentaire</legend>
          {HAA_FIELDS.map((f) => (
            <div key={f.key} className={fr.cx('fr-fieldset__element')}>
              <TextField textArea rows={3} maxLength={HAA_MAX} label={f.label} name={`haa-${f.key}`} value={food[f.key]!} error={undefined} disabled={readOnly} onChange={(value) => setFood((v) => ({ ...v, [f.key]: value }))} />
            </div>
          ))}
        </fieldset>
      )}
      {haa &&
        (
          <Suspense fallback={<p>Chargement des sites d’aide alimentaire…</p>}>
            {sitesOf ? (
              <HaaSitesSection
                idAsso={sitesOf}
                readOnly={readOnly}
                inline
                intro="Les sites de distribution de l’association que l’habilitation couvre, avec leurs adresses, horaires et périodes de fermeture. Ils appartiennent au dossier de l’association : les changements s’enregistrent aussitôt."
              />
            ) : (
              <ApprovalFoodAidSites dossierId={dossier.id} />
            )}
          </Suspense>
        )}
      <ExpectedFieldsFieldset
        legend="Informations demandées par l’agrément"
        fields={fields}
        customs={customs}
        errors={errors}
        readOnly={readOnly}
        onChange={(update) => setCustoms((c) => [...update(c)])}
        onEdited={fix}
      />
      <StepActions readOnly={readOnly} saving={sending} onBack={onBack} />
    </form>
  );
}

// One project of the dossier (spec §3, §4, §5): texts, period (realigned on the dossier by
// realignProject: Annuel on the campaign exercise, or Pluriannuel within the dossier's years),
// means, evaluation, the amount asked per year and instructing service, a budget per year with live
// totals, and the scheme's expected project fields. checkProject's problems are shown next to
// their fields before anything is sent.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { checkProject, MESSAGES, realignProject, type Dossier, type Projet, type Subvention, type SubsidyBudget } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { DraftNotice } from '../../../lib/forms/draft-notice.tsx';
import { useDraftState } from '../../../lib/forms/draft-state.ts';
import { FormError } from '../../../lib/forms/form-error.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { BudgetTable } from '../budget-table.tsx';
import { customValue, shownProjectFields } from '../expected-items.ts';
import { formatEuros } from '../format.ts';
import { ExpectedFieldsFieldset } from './expected-fields-fieldset.tsx';
import { RequiredMark } from './required-mark.tsx';

/** The part of a project the editor sends (the server sets id, rang and number). */
export type ProjectDraft = Omit<Projet, 'id' | 'need_validation' | 'description'> & {
  id?: string;
  description: Omit<Projet['description'], 'rang_dossier' | 'numero_projet'> & { rang_dossier?: number; numero_projet?: string | null };
};

const emptyBudget = (annee: number): SubsidyBudget => ({ annee, exerciceDu: null, exerciceAu: null, charges: { comptes: {}, charges_fixes: {} }, produits: { comptes: {}, ressources_propres: {} }, contributions: {} });

/** The project laid on the dossier's years: period, one financing line per year and service, one budget per year. */
export function alignOnDossier(projet: ProjectDraft, dossier: Dossier, subvention: Subvention): ProjectDraft {
  const services = subvention.instructeurs.map((i) => i.service.id);
  const aligned = realignProject(
    { exercice: dossier.description.exercice, exercice_fin: dossier.description.exercice_fin, pluriannuel: dossier.description.pluriannuel },
    { periode: projet.description.periode, exercice: projet.description.exercice, exercice_fin: projet.description.exercice_fin },
    services,
    subvention.dispositif.duree_pluriannuelle,
  );
  return {
    ...projet,
    description: { ...projet.description, periode: aligned.periode, exercice: aligned.exercice, exercice_fin: aligned.exercice_fin },
    financements: aligned.financements.map(
      (line) =>
        projet.financements.find((f) => f.annee === line.annee && f.id_service_instructeur === line.id_service_instructeur) ?? {
          ...line,
          montant_demande: null,
          montant_propose: null,
          montant_accorde: null,
        },
    ),
    budgets: aligned.budgets.map(({ annee }) => projet.budgets.find((b) => b.annee === annee) ?? emptyBudget(annee)),
  };
}

export function newProject(dossier: Dossier, subvention: Subvention): ProjectDraft {
  return alignOnDossier(
    {
      description: {
        intitule: '',
        recurrence: null,
        periode: dossier.description.pluriannuel ? 'Pluriannuel' : 'Annuel',
        date_debut: null,
        date_fin: null,
        objectifs: '',
        description: '',
        exercice: dossier.description.exercice,
        exercice_fin: dossier.description.exercice_fin ?? dossier.description.exercice,
        id_responsable: dossier.demandeur.id_responsable,
        demandeur_id_siret: dossier.demandeur.id_siret,
      },
      territoires: { territoires: [] },
      beneficiaire: [],
      moyens: { commentaire: null, recrutement_specifique: false, recrutement_nb_etpt: null },
      evaluation: { indicateurs: [], commentaire: '' },
      financements: [],
      cofinancements: [],
      budgets: [],
      customs: [],
    },
    dossier,
    subvention,
  );
}

interface ProjectEditorProps {
  dossier: Dossier;
  subvention: Subvention;
  initial: ProjectDraft;
  readOnly: boolean;
  onSave: (projet: ProjectDraft) => Promise<void>;
  onCancel: () => void;
  /** Where the unsaved input of this project is kept; null: nothing kept. */
  draftKey: string | null;
}

/** The draft key of a project of the dossier (a new one: « nouveau »). */
export const projectDraftKey = (stepKey: string, id: string | undefined) => `${stepKey}:projet-${id ?? 'nouveau'}`;

export function ProjectEditor({ dossier, subvention, initial, readOnly, onSave, onCancel, draftKey }: ProjectEditorProps) {
  const draft = useDraftState(draftKey, alignOnDossier(initial, dossier, subvention));
  const { value: projet, set: setProjet } = draft;
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { formError, setFormError, sending: saving, send } = useSending();
  const idp = `projet-${projet.id ?? 'nouveau'}`;
  const d = projet.description;
  const setDescription = (changes: Partial<ProjectDraft['description']>) => setProjet((p) => ({ ...p, description: { ...p.description, ...changes } }));
  const fields = shownProjectFields(subvention, dossier, projet);
  const serviceName = (id: string) => subvention.instructeurs.find((i) => i.service.id === id)?.service.nom ?? 'Service instructeur';
  const years = projet.budgets.map((b) => b.annee);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!d.intitule?.trim()) found.intitule = MESSAGES.required('intitulé');
    for (const p of checkProject(projet)) found[p.field] = p.message;
    for (const f of fields) if (f.required && (customValue(projet.customs, f.code) ?? '') === '') found[`custom-${f.code}`] = MESSAGES.required(f.label);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFormError(MESSAGES.invalidForm);
      return;
    }
    await send(async () => {
      await onSave(projet);
      draft.clear();
    });
  }

  const text = (name: keyof ProjectDraft['description'], label: string, opts: { textArea?: boolean; required?: boolean; type?: string } = {}) => {
    const value = (d[name] as string | null | undefined) ?? '';
    const common = {
      id: `${idp}-${name}`,
      disabled: readOnly,
      'aria-invalid': problems[name] ? true : undefined,
    };
    return (
      <Input
        label={
          <>
            {label}
            {opts.required && <RequiredMark />}
          </>
        }
        state={problems[name] ? 'error' : 'default'}
        stateRelatedMessage={problems[name]}
        {...(opts.textArea
          ? { textArea: true as const, nativeTextAreaProps: { ...common, value, rows: 4, onChange: (e) => setDescription({ [name]: e.target.value }) } }
          : { nativeInputProps: { ...common, type: opts.type ?? 'text', value, onChange: (e) => setDescription({ [name]: e.target.value || null }) } })}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={projet.id ? `Projet ${d.rang_dossier ?? ''}` : 'Nouveau projet'} className={fr.cx('fr-mt-4w')}>
      <FormError message={formError} />
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Description du projet</legend>
        <div className={fr.cx('fr-fieldset__element')}>{text('intitule', 'Intitulé', { required: true })}</div>
        <div className={fr.cx('fr-fieldset__element')}>{text('objectifs', 'Objectifs', { textArea: true })}</div>
        <div className={fr.cx('fr-fieldset__element')}>{text('description', 'Description', { textArea: true })}</div>
        <div className={fr.cx('fr-fieldset__element')}>{text('date_debut', 'Date de début', { type: 'date' })}</div>
        <div className={fr.cx('fr-fieldset__element')}>{text('date_fin', 'Date de fin', { type: 'date' })}</div>
        <div className={fr.cx('fr-fieldset__element')}>
          <p data-testid={`${idp}-periode`}>
            Période : <strong>{d.periode}</strong>, exercice{d.exercice === d.exercice_fin ? ` ${d.exercice}` : `s ${d.exercice} à ${d.exercice_fin}`}
          </p>
          {d.periode === 'Pluriannuel' && !readOnly && (
            <Input
              label="Dernier exercice du projet"
              hintText={`Au plus tard ${dossier.description.exercice_fin ?? d.exercice_fin}`}
              nativeInputProps={{
                id: `${idp}-exercice_fin`,
                type: 'number',
                value: d.exercice_fin,
                min: dossier.description.exercice,
                max: dossier.description.exercice_fin ?? undefined,
                onChange: (e) => {
                  const year = Number(e.target.value);
                  if (Number.isInteger(year)) setProjet((p) => alignOnDossier({ ...p, description: { ...p.description, exercice_fin: year } }, dossier, subvention));
                },
              }}
            />
          )}
        </div>
      </fieldset>

      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Moyens et évaluation</legend>
        <div className={fr.cx('fr-fieldset__element')}>
          <div className={fr.cx('fr-checkbox-group')}>
            <input
              type="checkbox"
              id={`${idp}-recrutement`}
              disabled={readOnly}
              checked={projet.moyens.recrutement_specifique ?? false}
              onChange={(e) => setProjet((p) => ({ ...p, moyens: { ...p.moyens, recrutement_specifique: e.target.checked } }))}
            />
            <label className={fr.cx('fr-label')} htmlFor={`${idp}-recrutement`}>
              Le projet prévoit un recrutement spécifique
            </label>
          </div>
        </div>
        {projet.moyens.recrutement_specifique && (
          <div className={fr.cx('fr-fieldset__element')}>
            <Input
              label={
                <>
                  Nombre d’ETPT recrutés
                  <RequiredMark />
                </>
              }
              state={problems['moyens.recrutement_nb_etpt'] ? 'error' : 'default'}
              stateRelatedMessage={problems['moyens.recrutement_nb_etpt']}
              nativeInputProps={{
                id: `${idp}-etpt`,
                type: 'number',
                step: '0.1',
                min: 0,
                disabled: readOnly,
                value: projet.moyens.recrutement_nb_etpt ?? '',
                onChange: (e) => setProjet((p) => ({ ...p, moyens: { ...p.moyens, recrutement_nb_etpt: e.target.value === '' ? null : Number(e.target.value) } })),
              }}
            />
          </div>
        )}
        <div className={fr.cx('fr-fieldset__element')}>
          <Input
            label={
              <>
                Modalités d’évaluation
                {projet.evaluation.indicateurs.length === 0 && <RequiredMark />}
              </>
            }
            hintText="Obligatoire sans indicateur chiffré."
            textArea
            state={problems['evaluation.commentaire'] ? 'error' : 'default'}
            stateRelatedMessage={problems['evaluation.commentaire']}
            nativeTextAreaProps={{
              id: `${idp}-evaluation`,
              rows: 3,
              disabled: readOnly,
              value: projet.evaluation.commentaire ?? '',
              onChange: (e) => setProjet((p) => ({ ...p, evaluation: { ...p.evaluation, commentaire: e.target.value } })),
            }}
          />
        </div>
      </fieldset>

      <ExpectedFieldsFieldset
        fields={fields}
        customs={projet.customs}
        errors={problems}
        readOnly={readOnly}
        idPrefix={`${idp}-`}
        onChange={(update) => setProjet((p) => ({ ...p, customs: [...update(p.customs)] }))}
      />

      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Montants demandés</legend>
        {projet.financements.map((f, index) => (
          <div key={`${f.annee}-${f.id_service_instructeur}`} className={fr.cx('fr-fieldset__element')}>
            <Input
              label={`${f.annee} – ${serviceName(f.id_service_instructeur)} (€)`}
              nativeInputProps={{
                id: `${idp}-montant-${f.annee}-${index}`,
                type: 'number',
                min: 0,
                step: 1,
                disabled: readOnly,
                value: f.montant_demande ?? '',
                onChange: (e) =>
                  setProjet((p) => ({
                    ...p,
                    financements: p.financements.map((line, i) => (i === index ? { ...line, montant_demande: e.target.value === '' ? null : Math.max(0, Math.trunc(Number(e.target.value))) } : line)),
                  })),
              }}
            />
          </div>
        ))}
        <p className={fr.cx('fr-fieldset__element')}>
          Total demandé : <strong data-testid={`${idp}-total-demande`}>{formatEuros(projet.financements.reduce((t, f) => t + (f.montant_demande ?? 0), 0))}</strong>
        </p>
      </fieldset>

      <h4 className={fr.cx('fr-h6')}>Budget prévisionnel {years.length > 1 ? `(${years.length} exercices)` : ''}</h4>
      {projet.budgets.map((budget) => (
        <BudgetTable
          key={budget.annee}
          annee={budget.annee}
          budget={budget}
          readOnly={readOnly}
          idPrefix={`${idp}-budget-${budget.annee}`}
          onChange={(next) => setProjet((p) => ({ ...p, budgets: p.budgets.map((b) => (b.annee === next.annee ? next : b)) }))}
        />
      ))}

      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-2w')}>
        <li>
          <Button
            type="button"
            priority="secondary"
            onClick={() => {
              // Cancelling gives the typed input up on purpose.
              draft.discard();
              onCancel();
            }}
          >
            {readOnly ? 'Fermer' : 'Annuler'}
          </Button>
        </li>
        {!readOnly && (
          <li>
            <Button type="submit" disabled={saving}>
              {saving ? 'Enregistrement…' : 'Enregistrer le projet'}
            </Button>
          </li>
        )}
      </ul>
    </form>
  );
}

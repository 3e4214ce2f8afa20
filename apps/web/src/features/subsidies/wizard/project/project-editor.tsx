// One project of the dossier (spec §3, §4, §5), in parts: description (with new project or
// renewal), public and territories, means, evaluation with its indicators, the scheme's expected
// project fields, the amounts asked, co-financing, and a budget per year with live totals. The
// editor's heading takes the focus when it opens; its problems (projectProblems, the server's
// rules) are marked on their fields and listed in the error summary before anything is sent, and
// the server's field errors land on the same fields.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import type { Dossier, Subvention } from '@portail/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { focusWhenPresent } from '../../../../lib/focus/focus.ts';
import { DraftNotice } from '../../../../lib/forms/draft-notice.tsx';
import { useDraftState } from '../../../../lib/forms/draft-state.ts';
import { ErrorSummary } from '../../../../lib/forms/error-summary.tsx';
import { useSending } from '../../../../lib/forms/use-sending.ts';
import { ConfirmDialog } from '../../../../lib/ui/confirm-dialog.tsx';
import { BudgetTable } from '../../budget-table.tsx';
import { shownProjectFields } from '../../expected-items.ts';
import { ExpectedFieldsFieldset } from '../expected-fields-fieldset.tsx';
import { RequiredLegend } from '../required-mark.tsx';
import { DescriptionFieldset } from './description-fieldset.tsx';
import { AmountsFieldset, CofinancingFieldset } from './financing-fieldset.tsx';
import { EvaluationFieldset, MeansFieldset } from './means-evaluation-fieldset.tsx';
import { alignOnDossier, dossierYears, projectFieldId, projectKeyOfServer, projectProblems, type ProjectDraft } from './project-draft.ts';
import type { ProjectPartProps } from './project-field.tsx';
import { BeneficiariesFieldset, TerritoriesFieldset } from './public-fieldset.tsx';

export { newProject, projectDraftKey, type ProjectDraft } from './project-draft.ts';

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

export function ProjectEditor({ dossier, subvention, initial, readOnly, onSave, onCancel, draftKey }: ProjectEditorProps) {
  const draft = useDraftState(draftKey, alignOnDossier(initial, dossier, subvention));
  const { value: projet, set: setProjet } = draft;
  const idp = `projet-${projet.id ?? 'nouveau'}`;
  const idOf = (key: string) => projectFieldId(idp, key);
  const { summary, errors, refuse, fix, sending: saving, send } = useSending({ fieldOfServerKey: projectKeyOfServer, targetOf: idOf });
  const fields = shownProjectFields(subvention, dossier, projet);
  const years = projet.budgets.map((b) => b.annee);
  const title = projet.id ? `Projet ${projet.description.rang_dossier ?? ''} : ${initial.description.intitule ?? ''}` : 'Nouveau projet';
  const headingId = `${idp}-titre`;
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** Back to the list, the typed input forgotten. */
  function giveUp() {
    draft.discard();
    onCancel();
  }

  // Opening the editor replaces the list: its heading takes the focus.
  useEffect(() => focusWhenPresent(headingId), [headingId]);

  const part: ProjectPartProps = {
    projet,
    errors,
    readOnly,
    idOf,
    update: (key, change) => {
      setProjet(change);
      fix(key);
    },
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refuse(projectProblems(projet, fields, dossierYears(dossier, subvention)))) return;
    await send(async () => {
      await onSave(projet);
      draft.clear();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className={fr.cx('fr-mt-4w')}>
      <h3 id={headingId} className={fr.cx('fr-h4')}>
        {title}
      </h3>
      <ErrorSummary {...summary} />
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      {!readOnly && <RequiredLegend />}
      <DescriptionFieldset {...part} dossier={dossier} subvention={subvention} />
      <BeneficiariesFieldset {...part} />
      <TerritoriesFieldset {...part} />
      <MeansFieldset {...part} />
      <EvaluationFieldset {...part} />
      <ExpectedFieldsFieldset
        fields={fields}
        customs={projet.customs}
        errors={errors}
        readOnly={readOnly}
        idPrefix={`${idp}-`}
        onChange={(update) => setProjet((p) => ({ ...p, customs: [...update(p.customs)] }))}
        onEdited={fix}
      />
      <AmountsFieldset {...part} subvention={subvention} />
      <CofinancingFieldset {...part} />

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
              // Typed input is given up only once the member says so.
              if (!readOnly && draft.dirty) setConfirmingCancel(true);
              else giveUp();
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
      <ConfirmDialog
        open={confirmingCancel}
        title="Abandonner la saisie du projet ?"
        confirmLabel="Abandonner la saisie"
        cancelLabel="Continuer la saisie"
        onConfirm={giveUp}
        onClose={() => setConfirmingCancel(false)}
      >
        <p>Les modifications non enregistrées de ce projet seront perdues.</p>
      </ConfirmDialog>
    </form>
  );
}

// Step 3 (spec §4): the dossier's projects, each opened in the editor; a new one unless the CNDS
// one-project rule (canAddProject) forbids it.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { canAddProject, checkProject, computeSubsidyBudgetTotals, MESSAGES, type Projet } from '@portail/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/index.ts';
import { useFocusAfterRender } from '../../../lib/focus/focus.ts';
import { hasDraft } from '../../../lib/forms/draft-state.ts';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { formatEuros } from '../format.ts';
import { newProject, ProjectEditor, projectDraftKey, type ProjectDraft } from './project/project-editor.tsx';
import type { StepProps } from './types.ts';
import { ScrollableTable } from '../../../lib/ui/scrollable-table.tsx';

interface StepProjectsProps extends Omit<StepProps, 'onSave'> {
  onSaveProject: (projet: ProjectDraft) => Promise<void>;
  onDeleteProject: (id: string) => Promise<void>;
  onBack: () => void;
  onNext: () => void;
}

export function StepProjects({ dossier, subvention, readOnly, draftKey, onSaveProject, onDeleteProject, onBack, onNext }: StepProjectsProps) {
  const [editing, setEditing] = useState<ProjectDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** What the last save or deletion did, shown above the list and focused (the editor it replaces had the focus). */
  const [notice, setNotice] = useState<string | null>(null);
  const moveFocus = useFocusAfterRender();
  const open = (projet: ProjectDraft) => {
    setNotice(null);
    setError(null);
    setEditing(projet);
  };
  const [deleting, setDeleting] = useState<Projet | null>(null);
  const projectName = (p: Projet) => (p.description.intitule ? `« ${p.description.intitule} »` : `n° ${p.description.rang_dossier}`);
  const sousLabel = subvention.sous_dispositifs.find((s) => s.id === dossier.description.id_sous_type_dispositif)?.label ?? null;
  const mayAdd = canAddProject({ dispositifCode: subvention.dispositif.code, sousDispositifLabel: sousLabel, projectCount: dossier.projets.length });
  const keyOf = (id: string | undefined) => (draftKey ? projectDraftKey(draftKey, id) : null);
  const unsaved = (id: string | undefined) => {
    const key = keyOf(id);
    return key !== null && hasDraft(key);
  };

  if (editing)
    return (
      <ProjectEditor
        key={editing.id ?? 'nouveau'}
        dossier={dossier}
        subvention={subvention}
        initial={editing}
        readOnly={readOnly}
        draftKey={keyOf(editing.id)}
        onCancel={() => {
          setEditing(null);
          // Back to the list: the button that opened the editor.
          moveFocus(editing.id ? `projet-${editing.id}-ouvrir` : 'projet-ajouter');
        }}
        onSave={async (projet) => {
          await onSaveProject(projet);
          setEditing(null);
          setNotice(`Le projet « ${projet.description.intitule ?? ''} » a été enregistré.`);
          moveFocus('projets-notice');
        }}
      />
    );

  return (
    <>
      {error && <Alert id="projets-erreur" severity="error" small description={error} className={fr.cx('fr-mb-2w')} />}
      {notice && <Alert id="projets-notice" severity="success" small description={notice} className={fr.cx('fr-mb-2w')} />}
      {dossier.projets.length === 0 ? (
        <p>Aucun projet pour le moment : ajoutez au moins un projet.</p>
      ) : (
        <ScrollableTable label="Projets du dossier">
          <table>
            <caption>Projets du dossier</caption>
            <thead>
              <tr>
                <th scope="col">N°</th>
                <th scope="col">Intitulé</th>
                <th scope="col">Période</th>
                <th scope="col">Montant demandé</th>
                <th scope="col">Budget (charges)</th>
                <th scope="col">État</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {[...dossier.projets]
                .sort((a, b) => a.description.rang_dossier - b.description.rang_dossier)
                .map((p) => (
                  <tr key={p.id}>
                    <td>{p.description.rang_dossier}</td>
                    <td>{p.description.intitule}</td>
                    <td>
                      {p.description.periode} ({p.description.exercice}
                      {p.description.exercice_fin !== p.description.exercice ? `–${p.description.exercice_fin}` : ''})
                    </td>
                    <td>{formatEuros(p.financements.reduce((t, f) => t + (f.montant_demande ?? 0), 0))}</td>
                    <td>{formatEuros(p.budgets.reduce((t, b) => t + computeSubsidyBudgetTotals(b).total_charges, 0))}</td>
                    <td>
                      {checkProject(p).length === 0 ? 'Complet' : 'À compléter'}
                      {unsaved(p.id) && <p className={fr.cx('fr-text--xs', 'fr-mb-0')}>Saisie non enregistrée</p>}
                    </td>
                    <td>
                      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
                        <li>
                          <Button id={`projet-${p.id}-ouvrir`} size="small" priority="secondary" onClick={() => open(p)}>
                            {readOnly ? 'Consulter' : 'Modifier'}
                            <span className={fr.cx('fr-sr-only')}> le projet {p.description.rang_dossier}</span>
                          </Button>
                        </li>
                        {!readOnly && (
                          <li>
                            <Button
                              size="small"
                              priority="tertiary"
                              onClick={() => setDeleting(p)}
                            >
                              Supprimer<span className={fr.cx('fr-sr-only')}> le projet {p.description.rang_dossier}</span>
                            </Button>
                          </li>
                        )}
                      </ul>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Supprimer le projet ${projectName(deleting)} ?` : ''}
        confirmLabel="Supprimer le projet"
        onConfirm={async () => {
          const p = deleting!;
          setError(null);
          setNotice(null);
          await onDeleteProject(p.id).then(
            () => {
              setNotice(`Le projet « ${p.description.intitule ?? p.description.rang_dossier} » a été supprimé.`);
              moveFocus('projets-notice');
            },
            (e: unknown) => {
              setError(errorMessage(e, MESSAGES.httpEmpty));
              moveFocus('projets-erreur');
            },
          );
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        <p>Le projet, ses montants et ses budgets seront retirés du dossier.</p>
      </ConfirmDialog>
      {mayAdd && unsaved(undefined) && (
        <Alert
          severity="info"
          small
          className={fr.cx('fr-mb-2w')}
          description={
            <>
              Un nouveau projet a une saisie non enregistrée.{' '}
              <Button size="small" priority="tertiary no outline" onClick={() => open(newProject(dossier, subvention))}>
                Reprendre la saisie
              </Button>
            </>
          }
        />
      )}
      {!readOnly &&
        (mayAdd ? (
          <Button id="projet-ajouter" iconId="fr-icon-add-line" priority="secondary" onClick={() => open(newProject(dossier, subvention))}>
            Ajouter un projet
          </Button>
        ) : (
          <p>Ce sous-dispositif n’admet qu’un seul projet par dossier.</p>
        ))}
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-4w')}>
        <li>
          <Button type="button" priority="secondary" onClick={onBack}>
            Étape précédente
          </Button>
        </li>
        <li>
          <Button type="button" onClick={onNext} disabled={dossier.projets.length === 0}>
            Continuer vers l’attestation
          </Button>
        </li>
      </ul>
    </>
  );
}

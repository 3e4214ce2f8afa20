// The financial report while the association may change it (states 1, 2, 3): what was done and the
// subsidy used, each project's realised amounts beside the granted ones and its indicators, the
// budget realised beside the planned one (table and chart), each project's dates, means and publics
// reached, the other funders, the evaluation, the signatory and the
// documents of spec §5, the attestation; « Enregistrer » saves the report then each project, and
// « Transmettre » (after its confirmation) saves then transmits. Refusals, ours or the server's,
// in the focused error summary; what was typed stays.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { CRF_DOCUMENT_CODES, CRF_MESSAGES, crfRoutes, type AssociationDocument, type CrfView, type Representant } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../../lib/api/index.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { YesNoField } from '../../../lib/forms/yes-no-field.tsx';
import { useFocusAfterRender } from '../../../lib/focus/focus.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { formatEuros } from '../format.ts';
import { ExpectedDocumentField } from '../wizard/expected-document-field.tsx';
import { BudgetComparison } from './budget-comparison.tsx';
import { CrfCofinancements } from './crf-cofinancements.tsx';
import { accountsYears, expectedCrfDocuments } from './crf-documents.ts';
import { crfBodies, crfFieldId, draftOf, type CrfDraft, type CrfProjetDraft } from './crf-draft.ts';
import { CrfProjetRealisation } from './crf-projet-realisation.tsx';
import { FinancingTable } from './crf-read.tsx';

interface CrfFormProps {
  crf: CrfView;
  idDossier: string;
  representants: readonly Representant[];
  associationDocuments: readonly AssociationDocument[];
  serviceName: (id: string) => string;
  onChanged: (next: CrfView) => void;
  onTransmitted: (next: CrfView) => void;
  /** Uploads a file of this type (and year) to the association's documents; resolves with it. */
  upload: (type: string, file: File, annee: number | undefined, onProgress: (fraction: number) => void) => Promise<AssociationDocument>;
}

const SAVED_ID = 'crf-enregistre';

/** The form key of a server field (`description.montant_realise` → `montant_realise`). */
function fieldOfServerKey(key: string): string | null {
  if (key === 'description.montant_realise') return 'montant_realise';
  if (key.startsWith('documents')) return 'documents';
  if (key.startsWith('attestation')) return 'certifie';
  return null;
}

export function CrfForm({ crf, idDossier, representants, associationDocuments, serviceName, onChanged, onTransmitted, upload }: CrfFormProps) {
  const [draft, setDraft] = useState<CrfDraft>(() => draftOf(crf));
  const { summary, errors, refuse, fix, send, sending, setFieldError } = useSending({ fieldOfServerKey, targetOf: (key) => (key === 'certifie' ? `${crfFieldId(key)}-0` : crfFieldId(key)) });
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [uploading, setUploading] = useState(false);
  const moveFocus = useFocusAfterRender();
  const params = { id: idDossier, idCrf: crf.id };
  const canTransmit = crf.options.events.includes('transmettre');

  const set = (changes: Partial<CrfDraft>, ...keys: string[]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...changes }));
    if (keys.length > 0) fix(...keys);
  };
  const setProjet = (index: number, changes: Partial<CrfProjetDraft>, ...keys: string[]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, projets: d.projets.map((p, i) => (i === index ? { ...p, ...changes } : p)) }));
    if (keys.length > 0) fix(...keys);
  };

  /** Saves the report then each project; the last answer is the report as it now stands. */
  async function save(): Promise<CrfView | null> {
    const checked = crfBodies(crf, draft);
    if (!checked.ok) {
      refuse(checked.errors);
      return null;
    }
    let next: CrfView | null = null;
    const done = await send(async () => {
      next = await callApi(crfRoutes.updateCrf, { params, query: {}, body: checked.body.crf });
      for (const projet of checked.body.projets) {
        next = await callApi(crfRoutes.updateCrfProjet, { params: { ...params, idProjet: projet.id }, query: {}, body: projet.body });
      }
    });
    if (!done || !next) return null;
    onChanged(next);
    return next;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (await save()) {
      setSaved(true);
      moveFocus(SAVED_ID);
    }
  }

  async function transmit() {
    const next = await save();
    setConfirming(false);
    if (!next) return;
    const done = await send(async () => {
      const transmitted = await callApi(crfRoutes.transmitCrf, { params, query: {} });
      toast.success(CRF_MESSAGES.transmitted);
      onTransmitted(transmitted);
    });
    if (!done) return;
  }

  const documents = expectedCrfDocuments({ id_representant_legal: draft.id_representant_legal || null, id_signataire: draft.id_signataire || null });
  const [previousYear, yearBefore] = accountsYears();
  const person = (r: Representant) => `${r.prenom ?? ''} ${r.nom ?? ''}`.trim() + (r.fonction ? ` (${r.fonction})` : '');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Compte rendu financier">
      <ErrorSummary {...summary} />
      {saved && <Alert id={SAVED_ID} severity="success" small className={fr.cx('fr-mb-2w')} description="Le compte rendu financier est enregistré." />}

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Description de l'action réalisée</h2>
      <p>Montant accordé pour l'exercice {crf.exercice} : <strong>{formatEuros(crf.description.montant_accorde)}</strong></p>
      <YesNoField name="isRealised" legend="L'action a-t-elle été réalisée ?" value={draft.isRealised} error={errors.isRealised} onChange={(v) => set({ isRealised: v }, 'isRealised')} />
      <YesNoField name="isReported" legend="L'action est-elle reportée, en tout ou partie ?" value={draft.isReported} error={errors.isReported} onChange={(v) => set({ isReported: v }, 'isReported')} />
      <Input
        label="Montant de la subvention utilisé (€)"
        hintText="Par exemple : 1500 ou 1500,50"
        state={errors.montant_realise ? 'error' : 'default'}
        stateRelatedMessage={errors.montant_realise}
        nativeInputProps={{ id: crfFieldId('montant_realise'), inputMode: 'decimal', value: draft.montant_realise, 'aria-invalid': errors.montant_realise ? true : undefined, onChange: (e) => set({ montant_realise: e.target.value }, 'montant_realise') }}
      />
      <Input
        label="Ce qui a été fait"
        hintText="Les actions menées, les publics touchés, ce qui a changé par rapport au projet."
        textArea
        nativeTextAreaProps={{ id: crfFieldId('commentaire'), rows: 5, value: draft.commentaire, onChange: (e) => set({ commentaire: e.target.value }) }}
      />

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Projets</h2>
      {crf.projets.map((p, i) => {
        const d = draft.projets[i]!;
        return (
          <fieldset key={p.id} className={fr.cx('fr-fieldset')}>
            <legend className={fr.cx('fr-fieldset__legend')}>
              Projet {p.rang_dossier} : {p.intitule ?? 'Sans intitulé'}
            </legend>
            <div className={fr.cx('fr-fieldset__element')}>
              <YesNoField name={`projets-${i}-isRealised`} legend="Ce projet a-t-il été réalisé ?" value={d.isRealised} error={undefined} onChange={(v) => setProjet(i, { isRealised: v })} />
              <FinancingTable
                projet={p}
                serviceName={serviceName}
                realised={(j) => {
                  const key = `projets.${i}.lines.${j}`;
                  return (
                    <>
                      <label className={fr.cx('fr-sr-only')} htmlFor={crfFieldId(key)}>
                        Montant réalisé – {serviceName(p.financements[j]!.id_service_instructeur)}, {p.financements[j]!.annee} (€)
                      </label>
                      <input
                        id={crfFieldId(key)}
                        className={fr.cx('fr-input', errors[key] ? 'fr-input--error' : undefined)}
                        inputMode="decimal"
                        value={d.lines[j] ?? ''}
                        aria-invalid={errors[key] ? true : undefined}
                        aria-describedby={errors[key] ? `${crfFieldId(key)}-erreur` : undefined}
                        onChange={(e) => setProjet(i, { lines: d.lines.map((l, k) => (k === j ? e.target.value : l)) }, key)}
                      />
                      {errors[key] && (
                        <p id={`${crfFieldId(key)}-erreur`} className={fr.cx('fr-error-text')}>
                          {errors[key]}
                        </p>
                      )}
                    </>
                  );
                }}
              />
              {p.evaluation.indicateurs.map((ind, j) => {
                const key = `projets.${i}.indicateurs.${j}`;
                return (
                  <Input
                    key={ind.rang}
                    label={`${ind.intitule ?? `Indicateur ${ind.rang}`} – valeur réalisée`}
                    hintText={`Prévu : ${ind.prevu_min ?? '—'}${ind.prevu_max != null && ind.prevu_max !== ind.prevu_min ? ` à ${ind.prevu_max}` : ''}`}
                    state={errors[key] ? 'error' : 'default'}
                    stateRelatedMessage={errors[key]}
                    nativeInputProps={{ id: crfFieldId(key), inputMode: 'decimal', value: d.indicateurs[j]?.realise ?? '', onChange: (e) => setProjet(i, { indicateurs: d.indicateurs.map((x, k) => (k === j ? { ...x, realise: e.target.value } : x)) }, key) }}
                  />
                );
              })}
              <CrfProjetRealisation index={i} projet={d} errors={errors} onChange={(changes, ...keys) => setProjet(i, changes, ...keys)} />
              <Input
                label="Commentaire sur le projet"
                textArea
                nativeTextAreaProps={{ id: crfFieldId(`projets.${i}.commentaire`), rows: 3, value: d.commentaire, onChange: (e) => setProjet(i, { commentaire: e.target.value }) }}
              />
            </div>
          </fieldset>
        );
      })}

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Budget prévu et réalisé</h2>
      <p>Saisissez le réalisé de chaque ligne, en euros : le graphique à côté de chaque tableau compare le prévu et le réalisé.</p>
      <BudgetComparison exercice={crf.exercice} prevu={crf.budgetCrf.prevu} realise={draft.realise} onChange={(realise) => set({ realise })} />
      <Input
        label="Explication des écarts entre le prévu et le réalisé"
        textArea
        nativeTextAreaProps={{ id: crfFieldId('commentaire_ecarts'), rows: 4, value: draft.commentaire_ecarts, onChange: (e) => set({ commentaire_ecarts: e.target.value }) }}
      />

      <CrfCofinancements lines={draft.cofinancements} errors={errors} onChange={(cofinancements, ...keys) => set({ cofinancements }, ...keys)} />

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Évaluation</h2>
      <Input
        label="Évaluation de l'action"
        hintText="Les résultats obtenus au regard des objectifs."
        textArea
        nativeTextAreaProps={{ id: crfFieldId('evaluation'), rows: 4, value: draft.evaluation, onChange: (e) => set({ evaluation: e.target.value }) }}
      />

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Signataire et documents</h2>
      {(['id_representant_legal', 'id_signataire'] as const).map((key) => (
        <div key={key} className={fr.cx('fr-select-group')}>
          <label className={fr.cx('fr-label')} htmlFor={crfFieldId(key)}>
            {key === 'id_representant_legal' ? 'Représentant légal' : 'Signataire du compte rendu'}
          </label>
          <select id={crfFieldId(key)} className={fr.cx('fr-select')} value={draft[key]} onChange={(e) => set({ [key]: e.target.value }, key)}>
            <option value="">Choisir une personne</option>
            {representants.map((r) => (
              <option key={r.id} value={r.id}>
                {person(r)}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div id={crfFieldId('documents')} tabIndex={-1}>
        {documents.map((expected) => (
          <div key={expected.code}>
            {expected.code === CRF_DOCUMENT_CODES.comptesAnnuels && (
              <div className={fr.cx('fr-select-group', 'fr-mt-2w')}>
                <label className={fr.cx('fr-label')} htmlFor={crfFieldId('accountsYear')}>
                  Année des comptes annuels
                </label>
                <select id={crfFieldId('accountsYear')} className={fr.cx('fr-select')} value={draft.accountsYear} onChange={(e) => set({ accountsYear: Number(e.target.value) })}>
                  <option value={previousYear}>{previousYear}</option>
                  <option value={yearBefore}>{yearBefore}</option>
                </select>
              </div>
            )}
            <ExpectedDocumentField
              expected={expected}
              current={draft.documents[expected.code] ? { code: expected.code, ...draft.documents[expected.code]! } : undefined}
              candidates={associationDocuments.filter((a) => a.type === expected.nature && (expected.code !== CRF_DOCUMENT_CODES.comptesAnnuels || a.annee_validite === null || a.annee_validite === draft.accountsYear))}
              readOnly={false}
              error={errors[`documents.${expected.code}`]}
              busy={uploading}
              onChoose={(doc) => set({ documents: { ...draft.documents, [expected.code]: doc ? { uuid: doc.uuid, nom: doc.nom } : undefined } }, 'documents')}
              onUpload={async (file, onProgress) => {
                setUploading(true);
                try {
                  const created = await upload(expected.nature, file, expected.code === CRF_DOCUMENT_CODES.comptesAnnuels ? draft.accountsYear : undefined, onProgress);
                  set({ documents: { ...draft.documents, [expected.code]: { uuid: created.uuid, nom: created.nom } } }, 'documents');
                } catch (error) {
                  setFieldError(`documents.${expected.code}`, error instanceof Error ? error.message : CRF_MESSAGES.failure.update);
                  throw error;
                } finally {
                  setUploading(false);
                }
              }}
            />
          </div>
        ))}
      </div>
      <Checkbox
        className={fr.cx('fr-mt-3w')}
        legend="Attestation sur l’honneur"
        id={crfFieldId('certifie')}
        state={errors.certifie ? 'error' : 'default'}
        stateRelatedMessage={errors.certifie}
        options={[
          {
            label: "Je certifie exactes les informations du présent compte rendu financier (attestation sur l'honneur).",
            nativeInputProps: { checked: draft.certifie, onChange: (e) => set({ certifie: e.target.checked }, 'certifie') },
          },
        ]}
      />
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-3w')}>
        <li>
          <Button type="submit" disabled={sending}>
            Enregistrer
          </Button>
        </li>
        {canTransmit && (
          <li>
            <Button type="button" priority="secondary" disabled={sending} onClick={() => setConfirming(true)}>
              Transmettre au service instructeur
            </Button>
          </li>
        )}
      </ul>
      {!canTransmit && <p className={fr.cx('fr-hint-text')}>Enregistrez le compte rendu : il pourra ensuite être transmis au service instructeur.</p>}
      <ConfirmDialog
        open={confirming}
        title={`Transmettre le compte rendu financier de l'exercice ${crf.exercice} ?`}
        confirmLabel="Transmettre"
        confirmAriaLabel="Transmettre le compte rendu financier"
        onConfirm={transmit}
        onClose={() => setConfirming(false)}
      >
        <p>Le compte rendu est enregistré puis transmis : vous ne pourrez plus le modifier, sauf si le service vous le renvoie.</p>
      </ConfirmDialog>
    </form>
  );
}

// Step 2 (spec §4): renewal, multi-year (only for a multi-year scheme; its end year from the
// scheme's span, dossierEndYear), the dossier's expected fields, and the scheme's expected
// documents shown by their conditions (required ones with the red asterisk): each one attached from
// the association's documents of that type, or uploaded there (the documents API), with a progress bar.
// In read mode with `onAttachDocuments` (a dossier marked incomplete), the documents alone stay open.
import { fr } from '@codegouvfr/react-dsfr';
import { dossierEndYear, MESSAGES, type AssociationDocument, type Dossier, type Question } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { DraftNotice } from '../../../lib/forms/draft-notice.tsx';
import { fieldSetter, useDraftState } from '../../../lib/forms/draft-state.ts';
import { errorMessage } from '../../../lib/api/index.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { YesNoField } from '../../../lib/forms/yes-no-field.tsx';
import { customValue, documentProgress, shownDocuments, shownDossierFields } from '../expected-items.ts';
import { ExpectedDocumentField } from './expected-document-field.tsx';
import { QuestionsFieldset } from './questions-fieldset.tsx';
import { ExpectedFieldsFieldset } from './expected-fields-fieldset.tsx';
import { RequiredLegend, RequiredMark } from './required-mark.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './types.ts';

interface StepDocumentsProps extends StepProps {
  associationDocuments: readonly AssociationDocument[];
  questions: readonly Question[];
  /** Uploads a file of this document type (the expected document's nature) to the association file; resolves with the new document. */
  onUpload: (type: string, file: File, options?: { onProgress?: (fraction: number) => void }) => Promise<AssociationDocument>;
  onBack: () => void;
  /** Given in read mode when the documents alone may still be attached (the rest stays as saved). */
  onAttachDocuments?: (documents: Dossier['documents']) => Promise<void>;
}

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'oui' : 'non');

export function StepDocuments({ dossier, subvention, readOnly, draftKey, onSave, associationDocuments, questions, onUpload, onBack, onAttachDocuments }: StepDocumentsProps) {
  const documentsOnly = readOnly && onAttachDocuments !== undefined;
  const multiYearScheme = subvention.dispositif.duree_pluriannuelle !== null;
  const draftState = useDraftState(draftKey, {
    renouvellement: yesNo(dossier.description.renouvellement),
    pluriannuel: multiYearScheme ? yesNo(dossier.description.pluriannuel) : 'non',
    customs: dossier.description.customs,
    attached: dossier.documents,
  });
  const { renouvellement, pluriannuel, customs, attached } = draftState.value;
  const [setRenouvellement, setPluriannuel, setCustoms, setAttached] = [
    fieldSetter(draftState.set, 'renouvellement'),
    fieldSetter(draftState.set, 'pluriannuel'),
    fieldSetter(draftState.set, 'customs'),
    fieldSetter(draftState.set, 'attached'),
  ];
  const { summary, errors, refuse, fix, setFieldError, sending: saving, send } = useSending({
    fieldOfServerKey: (key) => {
      const name = key.replace(/^description\./, '');
      if (name === 'renouvellement' || name === 'pluriannuel') return name;
      const custom = /^customs\.(?:\d+\.)?(?:value\.)?([^.]+)$/.exec(name)?.[1];
      return custom ? `custom-${custom}` : null;
    },
    targetOf: (key) => (key.startsWith('doc-') ? `${key}-file` : key.startsWith('custom-') ? key : `field-${key}-0`),
  });
  const [uploading, setUploading] = useState<string | null>(null);

  // The conditions read the dossier as it is being filled in.
  const draft = {
    ...dossier,
    description: { ...dossier.description, customs, pluriannuel: pluriannuel === '' ? null : pluriannuel === 'oui', renouvellement: renouvellement === '' ? null : renouvellement === 'oui' },
    documents: attached,
  };
  const documents = shownDocuments(subvention, draft);
  const fields = shownDossierFields(subvention, draft);
  const progress = documentProgress(documents, attached.map((d) => d.code));
  const endYear = dossierEndYear(
    { exercice: dossier.description.exercice, exercice_fin: dossier.description.exercice_fin, pluriannuel: draft.description.pluriannuel },
    subvention.dispositif.duree_pluriannuelle,
  );

  function attach(code: string, document: AssociationDocument | undefined) {
    setAttached((current) => [...current.filter((d) => d.code !== code), ...(document ? [{ uuid: document.uuid, code, nom: document.nom, id_type: document.type }] : [])]);
    fix(`doc-${code}`);
  }

  async function upload(code: string, nature: string, file: File, onProgress: (fraction: number) => void) {
    setUploading(code);
    try {
      attach(code, await onUpload(nature, file, { onProgress }));
    } catch (error) {
      setFieldError(`doc-${code}`, errorMessage(error, MESSAGES.httpEmpty));
      throw error;
    } finally {
      setUploading(null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const attachedCodes = new Set(attached.map((d) => d.code));
    const shownCodes = new Set(documents.map((d) => d.code));
    if (documentsOnly) {
      for (const d of documents) if (d.required && !attachedCodes.has(d.code)) found[`doc-${d.code}`] = `Le document « ${d.label} » est obligatoire.`;
      if (refuse(found)) return;
      await send(async () => {
        await onAttachDocuments(attached.filter((d) => shownCodes.has(d.code)));
        draftState.clear();
      });
      return;
    }
    if (!renouvellement) found.renouvellement = MESSAGES.pleaseFill('renouvellement');
    if (!pluriannuel) found.pluriannuel = MESSAGES.pleaseFill('demande pluriannuelle');
    for (const f of fields) if (f.required && (customValue(customs, f.code) ?? '') === '') found[`custom-${f.code}`] = MESSAGES.pleaseFill(f.label);
    for (const d of documents) if (d.required && !attachedCodes.has(d.code)) found[`doc-${d.code}`] = `Le document « ${d.label} » est obligatoire.`;
    if (refuse(found)) return;
    await send(async () => {
      await onSave({
        description: {
          renouvellement: renouvellement === 'oui',
          pluriannuel: pluriannuel === 'oui',
          exercice_fin: endYear,
          customs,
          statut: 'complet',
        },
        documents: attached.filter((d) => shownCodes.has(d.code)),
      });
      draftState.clear();
    });
  }

  const radio = (name: 'renouvellement' | 'pluriannuel', legend: string, value: string, set: (v: string) => void, hint?: string) => (
    <YesNoField
      name={name}
      legend={
        <>
          {legend}
          <RequiredMark />
        </>
      }
      hint={hint}
      disabled={readOnly}
      value={value}
      error={errors[name]}
      onChange={(answer) => {
        set(answer);
        fix(name);
      }}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Renouvellement et documents">
      <ErrorSummary {...summary} />
      <DraftNotice restored={draftState.restored} onDiscard={draftState.discard} />
      <RequiredLegend />
      {radio(
        'renouvellement',
        'S’agit-il du renouvellement d’une demande ?',
        renouvellement,
        setRenouvellement,
        // The server gives every project the new answer when it changes (projects' recurrence).
        dossier.projets.length > 0 ? 'Si la réponse change, chaque projet du dossier la suit (nouveau projet ou renouvellement) ; l’éditeur de projet permet ensuite d’en choisir autrement pour un projet.' : undefined,
      )}
      {multiYearScheme ? (
        radio(
          'pluriannuel',
          'Demande pluriannuelle ?',
          pluriannuel,
          setPluriannuel,
          `Une demande pluriannuelle couvre les exercices ${dossier.description.exercice} à ${dossier.description.exercice + (subvention.dispositif.duree_pluriannuelle ?? 1)}.`,
        )
      ) : (
        <p>Ce dispositif n’admet que des demandes annuelles (exercice {dossier.description.exercice}).</p>
      )}
      <p>
        Dernier exercice de la demande : <strong data-testid="exercice-fin">{endYear}</strong>
      </p>

      <ExpectedFieldsFieldset fields={fields} customs={customs} errors={errors} readOnly={readOnly} onChange={(update) => setCustoms((c) => [...update(c)])} onEdited={fix} />

      <QuestionsFieldset questions={questions} customs={customs} readOnly={readOnly} onChange={(update) => setCustoms((c) => [...update(c)])} />

      <h3 className={fr.cx('fr-h5', 'fr-mt-4w')}>Documents attendus</h3>
      <p id="documents-progress-label">
        {progress.attached} document(s) joint(s) sur {progress.total}
      </p>
      <progress className="subsidy-progress" aria-labelledby="documents-progress-label" max={100} value={progress.percent}>
        {progress.percent} %
      </progress>
      {documents.length === 0 && <p>Ce dispositif n’attend aucun document pour cette demande.</p>}
      {documents.map((d) => (
        <ExpectedDocumentField
          key={d.code}
          expected={d}
          current={attached.find((a) => a.code === d.code)}
          candidates={associationDocuments.filter((a) => a.type === d.code || a.type === d.nature)}
          readOnly={readOnly && !documentsOnly}
          error={errors[`doc-${d.code}`]}
          busy={uploading !== null}
          onChoose={(document) => attach(d.code, document)}
          onUpload={(file, onProgress) => upload(d.code, d.nature, file, onProgress)}
        />
      ))}
      <StepActions readOnly={readOnly && !documentsOnly} saving={saving} onBack={onBack} {...(documentsOnly ? { label: 'Enregistrer les documents' } : {})} />
    </form>
  );
}

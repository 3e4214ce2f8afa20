// Document templates (lca /documents-modeles): a label and a file (PDF, JPG or JPEG, 15 Mo at most,
// checked here then by the server on its content; one upload at a time, a refusal in the focused
// error summary), downloaded with the access token, deleted after confirmation.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  lcaContentRoutes,
  routeUrl,
  uploadModeleQuerySchema,
  type DocumentModele,
} from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { checkChosenFile, DocumentFileField, uploadFieldErrors } from '../../../lib/forms/document-file-field.tsx';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { fetchWithToken, saveBlob } from '../../../lib/api/download.ts';
import { issuesToFieldErrors, type FieldErrors } from '../../../lib/forms/field-errors.ts';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { formatSize } from '../../../lib/format/size.ts';
import { formatTimestamp } from '../../../lib/format/timestamp.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { ContentForm } from './content-form.tsx';
import { ContentSection } from './content-section.tsx';

type Template = DocumentModele;

async function download(template: Template) {
  try {
    const response = await fetchWithToken(routeUrl(lcaContentRoutes.downloadDocumentModele, { id: template.id }), () =>
      callApi(lcaContentRoutes.listDocumentsModeles, {}),
    );
    saveBlob(await response.blob(), template.nom);
  } catch (error) {
    toast.error(errorMessage(error, CONTENT_MESSAGES.documentsModelesFailure));
  }
}

/** The form's fields (the others a refusal may name are listed without a link). */
const FIELDS: readonly string[] = ['libelle', 'file'];

function TemplateForm({ done }: { done: () => void }) {
  const [libelle, setLibelle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { summary, errors, refuse, fix, send, sending } = useSending({
    targetOf: (key) => (FIELDS.includes(key) ? `field-${key}` : null),
    refusedFields: uploadFieldErrors,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const query = uploadModeleQuerySchema.safeParse({ libelle });
    if (!query.success) Object.assign(found, issuesToFieldErrors(query.error));
    const fileProblem = checkChosenFile(file);
    if (fileProblem) found.file = fileProblem;
    if (refuse(found) || !query.success || !file) return;
    await send(async () => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      await callApi(lcaContentRoutes.uploadDocumentModele, { query: query.data, formData });
      toast.success(CONTENT_MESSAGES.templateSaved);
      done();
    });
  }

  return (
    <ContentForm title="Nouveau modèle de document" summary={summary} submitLabel="Déposer le modèle" busyLabel="Dépôt…" submitting={sending} onSubmit={onSubmit}>
      <TextField
        label="Libellé"
        name="libelle"
        maxLength={CONTENT_LIMITS.libelle}
        value={libelle}
        error={errors.libelle}
        onChange={(value) => {
          setLibelle(value);
          fix('libelle');
        }}
      />
      <DocumentFileField
        error={errors.file}
        onFile={(file) => {
          setFile(file);
          fix('file');
        }}
      />
    </ContentForm>
  );
}

export function TemplatesAdmin() {
  return (
    <ContentSection<Template>
      id="modeles"
      title="Modèles de documents"
      empty="Aucun modèle de document n’est déposé."
      caption={(n) => `Modèles de documents (${n})`}
      load={() => callApi(lcaContentRoutes.listDocumentsModeles, {})}
      loadFailure={CONTENT_MESSAGES.documentsModelesFailure}
      headers={['Libellé', 'Fichier', 'Taille', 'Déposé le']}
      cells={(m) => [m.libelle, m.nom, formatSize(m.taille), formatTimestamp(m.date_chargement)]}
      nameOf={(m) => m.libelle}
      noun="le modèle"
      addLabel="Déposer un modèle"
      editable={false}
      actions={(m) => (
        <Button size="small" priority="secondary" onClick={() => void download(m)} nativeButtonProps={{ 'aria-label': `Télécharger le modèle ${m.libelle}` }} className={fr.cx('fr-mb-0')}>
          Télécharger
        </Button>
      )}
      form={(_none, done) => <TemplateForm done={done} />}
      remove={(m) => callApi(lcaContentRoutes.deleteDocumentModele, { params: { id: m.id } })}
    />
  );
}

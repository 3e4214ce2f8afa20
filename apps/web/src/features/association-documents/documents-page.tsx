// /associations/:idCorrespondance?/documents and its children etablissements-secondaires(/:siret):
// the current documents of the association (or of one establishment), a kind filter, upload,
// download and deletion. Without :idCorrespondance, the user's first association.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { api, formatSiret, MESSAGES, type AssociationDocument } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { Page } from '../shell/index.ts';
import { DOCUMENT_KINDS, useDocumentTypes, type DocumentKind } from './document-types.ts';
import { DocumentsTable } from './documents-table.tsx';
import { UploadForm } from './upload-form.tsx';

const documentsPath = (idAsso: string) => `/associations/${idAsso}/documents`;

export function DocumentsPage() {
  const { idCorrespondance, siret } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const links = userAssociations(user);
  const idAsso = idCorrespondance ?? links[0]?.id_correspondance ?? null;
  const link = links.find((l) => l.id_correspondance === idAsso);
  const secondaryList = !siret && /\/etablissements-secondaires\/?$/.test(pathname);

  const title = siret
    ? `Documents de l’établissement ${formatSiret(siret)}`
    : secondaryList
      ? 'Documents des établissements secondaires'
      : 'Documents de l’association';

  return (
    <Page title={title} lead={link?.nom}>
      {!idAsso ? (
        <Alert severity="info" small description="Vous n’êtes rattaché(e) à aucune association." />
      ) : (
        <>
          <nav aria-label="Documents" className={fr.cx('fr-mb-4w')}>
            <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
              <li>
                <Link className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-btn--sm')} to={documentsPath(idAsso)}>
                  Documents de l’association
                </Link>
              </li>
              <li>
                <Link
                  className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-btn--sm')}
                  to={`${documentsPath(idAsso)}/etablissements-secondaires`}
                >
                  Établissements secondaires
                </Link>
              </li>
            </ul>
          </nav>
          {secondaryList ? (
            <SecondaryEstablishments idAsso={idAsso} />
          ) : (
            <Documents key={`${idAsso}:${siret ?? ''}`} idAsso={idAsso} siret={siret ?? null} />
          )}
        </>
      )}
    </Page>
  );
}

function Documents({ idAsso, siret }: { idAsso: string; siret: string | null }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<DocumentKind | ''>('');
  const types = useDocumentTypes();
  const queryKey = ['association-documents', idAsso, siret];
  const documents = useQuery({
    queryKey,
    queryFn: () =>
      callApi(api.associationDocuments.listDocuments, { query: { id_asso: idAsso, ...(siret ? { id_siret: siret } : {}) } }),
    retry: false,
  });

  const byCode = new Map((types.data ?? []).map((t) => [t.code, t]));
  const typeLabel = (code: string) => byCode.get(code)?.label ?? code;
  const shown = (documents.data ?? []).filter((d) => !kind || byCode.get(d.type)?.categorie === kind);
  const refresh = () => void queryClient.invalidateQueries({ queryKey });

  /** The browser opens a single-use link (the file comes as an attachment: the page stays). */
  async function onDownload(document: AssociationDocument) {
    try {
      const { url } = await callApi(api.associationDocuments.downloadTicket, { query: { id_asso: idAsso, id: document.uuid } });
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  async function onDelete(document: AssociationDocument) {
    try {
      const { message } = await callApi(api.associationDocuments.deleteDocument, {
        query: { id_asso: idAsso, id: document.uuid },
      });
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh();
  }

  return (
    <>
      <Select
        label="Nature des documents"
        nativeSelectProps={{
          id: 'field-kind',
          name: 'kind',
          value: kind,
          onChange: (event) => setKind(event.target.value as DocumentKind | ''),
        }}
      >
        <option value="">Tous</option>
        {DOCUMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </Select>
      {types.isError && (
        <Alert
          severity="warning"
          small
          className={fr.cx('fr-mb-2w')}
          description="La liste des types de documents est indisponible : les types sont affichés par leur code et le filtre par nature est inopérant."
        />
      )}
      {documents.isPending && <p>Chargement des documents…</p>}
      {documents.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(documents.error, MESSAGES.httpEmpty)} />
      )}
      {documents.data &&
        (shown.length === 0 ? (
          <p>{kind ? `Aucun document de nature « ${kind} ».` : 'Aucun document n’a encore été déposé.'}</p>
        ) : (
          <DocumentsTable
            documents={shown}
            typeLabel={typeLabel}
            showSiret={!siret}
            onDownload={onDownload}
            onDelete={onDelete}
          />
        ))}
      {types.data ? (
        <UploadForm idAsso={idAsso} siret={siret} types={types.data} onUploaded={refresh} />
      ) : (
        types.isPending && <p>Chargement des types de documents…</p>
      )}
    </>
  );
}

function SecondaryEstablishments({ idAsso }: { idAsso: string }) {
  const etablissements = useQuery({
    queryKey: ['association-etablissements', idAsso],
    queryFn: () => callApi(api.association.getEtablissements, { query: { id_asso: idAsso } }),
    retry: false,
  });
  if (etablissements.isPending) return <p>Chargement des établissements…</p>;
  if (etablissements.isError)
    return <Alert severity="error" small role="alert" description={errorMessage(etablissements.error, MESSAGES.httpEmpty)} />;
  const secondary = etablissements.data.filter((e) => !e.est_siege);
  if (secondary.length === 0) return <p>L’association n’a pas d’établissement secondaire.</p>;
  return (
    <ul>
      {secondary.map((e) => (
        <li key={e.siret}>
          <Link to={`${documentsPath(idAsso)}/etablissements-secondaires/${e.siret}`}>
            SIRET {formatSiret(e.siret)}
            {e.enseigne && ` – ${e.enseigne}`}
            {!e.actif && ' (inactif)'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

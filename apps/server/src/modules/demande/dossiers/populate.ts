// `populate` of the dossier routes (contract subsidies/dossier-routes.ts): the parts joined to each
// listed dossier (projects by rank and title, documents, instructing services), and what one
// dossier adds: its full projects, their parts chosen by `projectFields`, and its messages.
import { DEFAULT_PROJET_FIELDS, type DossierSummary, type DossierView, type DossierViewPopulate, type ProjetField } from '@portail/contract';
import { pickFields, projetView } from '../projets/index.ts';
import type { DossierRepository } from './repository.ts';

type Populated = Awaited<ReturnType<DossierRepository['populated']>>;
type Parts = Pick<DossierSummary, 'projets' | 'documents' | 'instructeurs'>;

const byDossier = <T extends { dossierId: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.dossierId, [...(map.get(row.dossierId) ?? []), row]);
  return map;
};

/** For each listed dossier, the parts asked for (an asked part is answered, empty or not). */
export function partsOf(populated: Populated, parts: readonly string[]): (dossierId: string) => Parts {
  const projets = byDossier(populated.projets);
  const documents = byDossier(populated.documents);
  const instructeurs = byDossier(populated.instructeurs);
  return (id) => ({
    ...(parts.includes('projets') ? { projets: (projets.get(id) ?? []).map((p) => ({ id: p.id, rang_dossier: p.rangDossier, intitule: p.intitule })) } : {}),
    ...(parts.includes('documents')
      ? { documents: (documents.get(id) ?? []).map((d) => ({ uuid: d.documentId, code: d.code, nom: d.document.nom, id_type: d.document.type })) }
      : {}),
    ...(parts.includes('instructeurs')
      ? { instructeurs: (instructeurs.get(id) ?? []).map((i) => ({ service: { id: i.service.id, nom: i.service.nom, type: i.service.type }, isReferent: i.isReferent })) }
      : {}),
  });
}

/** The dossier's full projects, with the parts `projectFields` names (the list's defaults otherwise). */
export async function fullProjets(repository: DossierRepository, dossierId: string, fields: readonly ProjetField[] | undefined): Promise<DossierView['projets']> {
  const chosen = fields && fields.length > 0 ? fields : DEFAULT_PROJET_FIELDS;
  return (await repository.fullProjets(dossierId)).map((row) => ({
    ...pickFields(projetView(row), chosen),
    rang_dossier: row.rangDossier,
    intitule: row.intitule,
  }));
}

/** The thread with the instructing services: the writer by name only (a service writes as itself). */
async function messages(repository: DossierRepository, dossierId: string, services: string[] | undefined): Promise<NonNullable<DossierView['messages']>> {
  return (await repository.messages(dossierId, services)).map((m) => ({
    id: m.id,
    direction: m.direction as 'vers_service' | 'vers_association',
    texte: m.texte,
    created_at: m.createdAt.toISOString(),
    auteur: m.direction === 'vers_service' && m.author ? [m.author.prenom, m.author.nom].filter(Boolean).join(' ') || null : null,
    service: m.service,
  }));
}

/** What `populate` adds to one dossier (documents and instructing services are always in its view). */
export async function viewParts(
  repository: DossierRepository,
  dossierId: string,
  q: { populate?: readonly DossierViewPopulate[]; projectFields?: readonly ProjetField[] },
  /** The services whose part of the thread is read (policy.ts threadServicesFor); undefined: all of it. */
  threadServices?: string[],
): Promise<Partial<Pick<DossierView, 'projets' | 'messages'>>> {
  const asked = q.populate ?? [];
  const [projets, thread] = await Promise.all([
    asked.includes('projets') ? fullProjets(repository, dossierId, q.projectFields) : undefined,
    asked.includes('messages') ? messages(repository, dossierId, threadServices) : undefined,
  ]);
  return { ...(projets ? { projets } : {}), ...(thread ? { messages: thread } : {}) };
}

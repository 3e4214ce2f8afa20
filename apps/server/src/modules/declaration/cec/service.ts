// The CEC declarations' rules (docs/domain.md « Déclarations CEC »): sessions, who receives which
// declaration (policy.ts), and a decision — only on a waiting declaration of the current session,
// written with its log row and its audit entry in one transaction.
import {
  CEC_REFUSED, CEC_STATUSES, CEC_WAITING, cecRefusalLabel,
  type CecDeclaration, type CecLog, type CecSession, type CecStatus, type CecStatusBody,
} from '@portail/contract';
import type { AuthClaims } from '../../../http/request-context.ts';
import { AppError, appError } from '../../../http/errors.ts';
import type { AccessService } from '../../proxy-asso/index.ts';
import type { AuditService } from '../../audit/index.ts';
import { isCecValidator, receivesDeclaration, type CecValidator } from './policy.ts';
import type { CecDeclarationRow, CecLogRow, CecRepository, CecSessionRow } from './repository.ts';

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** Today as the DATE columns hold it (UTC). */
const today = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
};
const asStatus = (status: string): CecStatus => (CEC_STATUSES as readonly string[]).includes(status) ? (status as CecStatus) : CEC_WAITING;

const sessionView = (row: CecSessionRow, current: CecSessionRow | null): CecSession => ({
  _id: row.id, session_id: row.sessionId, libelle: row.libelle, annee_activite: row.anneeActivite,
  date_debut: isoDate(row.dateDebut), date_fin: isoDate(row.dateFin), current: row.id === current?.id,
});

/** Waiting and in the current session (spec §4). */
const isValidable = (row: CecDeclarationRow, current: CecSessionRow | null) => row.status === CEC_WAITING && row.sessionId === current?.id;

const declarationView = (row: CecDeclarationRow, current: CecSessionRow | null): CecDeclaration => ({
  _id: row.id,
  id_asso: row.associationId,
  etab_siret: row.etabSiret,
  session: row.session.sessionId,
  benevole: { civilite: row.benevoleCivilite, nom: row.benevoleNom, prenom: row.benevolePrenom, courriel: row.benevoleCourriel },
  mission: row.mission ? { code: row.mission.code, libelle: row.mission.libelle } : null,
  heures: row.heures,
  date_debut: isoDate(row.dateDebut),
  date_fin: isoDate(row.dateFin),
  status: asStatus(row.status),
  motif_refus_id: row.motifRefusId,
  motif_refus: cecRefusalLabel(row.motifRefusId),
  decided_at: row.decidedAt?.toISOString() ?? null,
  decided_by: row.decidedByEmail,
  created_at: row.createdAt.toISOString(),
  options: { validable: isValidable(row, current) },
});

const logView = (row: CecLogRow): CecLog => ({
  _id: row.id,
  declaration_id: row.declarationId,
  etab_siret: row.etabSiret,
  session: row.declaration.session.sessionId,
  benevole: `${row.declaration.benevolePrenom} ${row.declaration.benevoleNom}`,
  status: asStatus(row.status),
  motif_refus_id: row.motifRefusId,
  motif_refus: cecRefusalLabel(row.motifRefusId),
  auteur: row.actorEmail,
  date: row.createdAt.toISOString(),
});

export interface CecServiceDeps {
  repository: CecRepository;
  access: Pick<AccessService, 'scopeOf'>;
  audit: Pick<AuditService, 'record'>;
}

export function createCecService({ repository, access, audit }: CecServiceDeps) {
  /**
   * The caller's reach as CEC validator of the association named by idAsso: 404 when it is not one
   * of theirs (or idSiret is not their establishment), 403 when they are not one of its validators.
   */
  async function validatorReach(claims: AuthClaims, idAsso: string, idSiret?: string) {
    const scope = await access.scopeOf(claims, idAsso, 'read');
    if (idSiret && scope.siret !== null && idSiret !== scope.siret) throw appError('NOT_FOUND');
    const validators: CecValidator[] = await repository.validators(scope.associationId);
    if (!isCecValidator(validators, claims.email)) throw appError('CEC_NOT_VALIDATOR');
    const caller = { email: claims.email, siret: scope.siret };
    return { associationId: scope.associationId, receives: (etabSiret: string) => receivesDeclaration(caller, validators, etabSiret) };
  }

  return {
    async currentSession(): Promise<CecSession> {
      const current = await repository.currentSession(today());
      if (!current) throw appError('CEC_NO_CURRENT_SESSION');
      return sessionView(current, current);
    },

    async sessions(): Promise<CecSession[]> {
      const [all, current] = await Promise.all([repository.sessions(), repository.currentSession(today())]);
      return all.map((row) => sessionView(row, current));
    },

    async declarations(claims: AuthClaims, query: { idAsso: string; idSiret?: string | undefined }): Promise<CecDeclaration[]> {
      const reach = await validatorReach(claims, query.idAsso, query.idSiret);
      const [rows, current] = await Promise.all([repository.declarations(reach.associationId, query.idSiret), repository.currentSession(today())]);
      return rows.filter((row) => reach.receives(row.etabSiret)).map((row) => declarationView(row, current));
    },

    async logs(claims: AuthClaims, query: { idAsso: string; idSiret?: string | undefined }): Promise<CecLog[]> {
      const reach = await validatorReach(claims, query.idAsso, query.idSiret);
      const rows = await repository.logs(reach.associationId, query.idSiret);
      return rows.filter((row) => reach.receives(row.etabSiret)).map(logView);
    },

    /**
     * The declarations waiting for the caller's decision in the current session, over those of
     * `associationIds` (the caller's) they validate for (the dashboard); null when they validate for none.
     */
    async waitingCount(claims: AuthClaims, associationIds: readonly string[]): Promise<number | null> {
      const current = await repository.currentSession(today());
      let count: number | null = null;
      // Validable: waiting, in the current session (isValidable).
      for (const associationId of associationIds) {
        const reach = await validatorReach(claims, associationId).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'CEC_NOT_VALIDATOR') return null;
          throw error;
        });
        if (!reach) continue;
        const waiting = current ? await repository.countPerEstablishment(reach.associationId, current.id, CEC_WAITING) : [];
        count = (count ?? 0) + waiting.filter((row) => reach.receives(row.etabSiret)).reduce((sum, row) => sum + row.count, 0);
      }
      return count;
    },

    /** Validates or refuses a declaration addressed to the caller, while it waits in the current session. */
    async decide(claims: AuthClaims, id: string, body: CecStatusBody): Promise<CecDeclaration> {
      const row = await repository.declaration(id);
      if (!row) throw appError('CEC_DECLARATION_NOT_FOUND');
      // A declaration of an association the caller is not a member of is one they cannot know of.
      const reach = await validatorReach(claims, row.associationId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? appError('CEC_DECLARATION_NOT_FOUND') : error;
      });
      if (!reach.receives(row.etabSiret)) throw appError('CEC_DECLARATION_NOT_FOUND');
      if (row.status !== CEC_WAITING) throw appError('CEC_DECLARATION_DECIDED');
      const current = await repository.currentSession(today());
      if (row.sessionId !== current?.id) throw appError('CEC_SESSION_CLOSED');
      const motifRefusId = body.status === CEC_REFUSED ? body.motif_refus_id ?? null : null;
      await repository.transaction(async (tx) => {
        const decided = await repository.decide(tx, row, CEC_WAITING, { status: body.status, motifRefusId, actorId: claims.userId, actorEmail: claims.email });
        if (!decided) throw appError('CEC_DECLARATION_DECIDED');
        await audit.record(tx, {
          associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'declaration_cec', entityId: row.id,
          action: 'update', idSiret: row.etabSiret,
          before: { status: row.status, motif_refus_id: row.motifRefusId }, after: { status: body.status, motif_refus_id: motifRefusId },
        });
      });
      return declarationView((await repository.declaration(id))!, current);
    },
  };
}
export type CecService = ReturnType<typeof createCecService>;

// The one statement behind the dossier scope (./policy.ts): the dossier named by its id or its
// id_fo, the caller's link with its association, whether it is shared with the caller, and its
// instructions, each marked when its service is one the caller acts for (own service, and those
// below it or every service with an administrator profile: SQL function service_reach).
import { isUuid } from '@portail/contract';
import type { Database } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';
import type { DossierAccessRow } from './policy.ts';

/** id_fo « exercice-NNNNNN ». */
const ID_FO = /^\d{4}-\d{1,12}$/;

const accessSql = (match: string) => `
  SELECT d.id, d.id_fo, d.association_id, d.id_siret, d.created_by_id, d.created_by_type, d.service AS dossier_service,
         d.agrement_service_id, (s.id IS NOT NULL AND d.agrement_service_id IN (SELECT service_reach($2::uuid))) AS agrement_reached,
         l.type AS link_type, l.id_siret AS link_siret, s.id AS service_id,
         EXISTS (SELECT 1 FROM dossier_shares sh WHERE sh.dossier_id = d.id AND sh.user_id = $2::uuid) AS shared,
         COALESCE((SELECT json_agg(json_build_object('id', i.id, 'serviceId', i.service_id, 'etat', i.etat,
                    'reached', s.id IS NOT NULL AND i.service_id IN (SELECT service_reach($2::uuid))) ORDER BY i.is_referent DESC, i.created_at)
                   FROM dossier_instructions i WHERE i.dossier_id = d.id), '[]') AS instructions
  FROM dossiers d
  LEFT JOIN LATERAL (
    SELECT ua.type, ua.id_siret FROM user_associations ua JOIN association_users au ON au.id = ua.association_user_id
    WHERE au.auth_id = $2::uuid AND ua.association_id = d.association_id LIMIT 1
  ) l ON true
  LEFT JOIN service_accounts s ON s.auth_id = $2::uuid
  WHERE ${match}
  LIMIT 1`;
const BY_ID = accessSql('d.id = $1::uuid');
const BY_ID_FO = accessSql('d.id_fo = $1');

interface AccessSqlRow {
  id: string;
  id_fo: string;
  association_id: string;
  id_siret: string | null;
  created_by_id: string | null;
  created_by_type: string;
  link_type: string | null;
  link_siret: string | null;
  service_id: string | null;
  dossier_service: string;
  agrement_service_id: string | null;
  agrement_reached: boolean;
  instructions: { id: string; serviceId: string; etat: string; reached: boolean }[];
  shared: boolean;
}

export function createDossierScopeRepository(db: Database) {
  return {
    /** The dossier named by `ref` (uuid or id_fo) as the caller `authId` reaches it, or null. */
    async findAccess(ref: string, authId: string): Promise<DossierAccessRow | null> {
      const value = ref.trim();
      const sql = isUuid(value) ? BY_ID : ID_FO.test(value) ? BY_ID_FO : null;
      if (!sql || !isUuid(authId)) return null;
      const [row] = await readRows<AccessSqlRow>(db, sql, [isUuid(value) ? value.toLowerCase() : value, authId]);
      if (!row) return null;
      return {
        id: row.id,
        idFo: row.id_fo,
        associationId: row.association_id,
        idSiret: row.id_siret,
        createdById: row.created_by_id,
        createdByType: row.created_by_type,
        link: row.link_type === null ? null : { type: row.link_type, idSiret: row.link_siret },
        shared: row.shared,
        ownServiceId: row.service_id,
        instructions: row.instructions,
        approval: row.dossier_service === 'agrement' ? { serviceId: row.agrement_service_id!, reached: row.agrement_reached } : null,
      };
    },
  };
}
export type DossierScopeRepository = ReturnType<typeof createDossierScopeRepository>;

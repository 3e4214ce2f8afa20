// The back office's missions (api-dab-server): the kinds of volunteering CEC declarations name.
import type { Mission } from '@portail/contract';
import type { MissionRepository } from './repository.ts';

export function createMissionService(repository: MissionRepository) {
  return {
    async list(): Promise<Mission[]> {
      const rows = await repository.active();
      return rows.map((row) => ({ _id: row.id, code: row.code, libelle: row.libelle, description: row.description, domaine: row.domaine }));
    },
  };
}
export type MissionService = ReturnType<typeof createMissionService>;

// The dashboard's figures (README.md): each asked of the module that owns it, on the reach that module
// already applies to its lists, so that a figure never counts what its list would not show.
import type { DashboardSummary } from '@portail/contract';
import type { AuthClaims } from '../../http/request-context.ts';
import type { CecService } from '../declaration/index.ts';
import type { CrfService, DossierService } from '../demande/index.ts';
import type { PspService } from '../psp/index.ts';
import type { DashboardRepository } from './repository.ts';

export interface DashboardServiceDeps {
  repository: DashboardRepository;
  dossiers: Pick<DossierService, 'stateCounts'>;
  crf: Pick<CrfService, 'missing'>;
  cec: Pick<CecService, 'waitingCount'>;
  passSport: Pick<PspService, 'dashboardCounts'>;
}

export function createDashboardService({ repository, dossiers, crf, cec, passSport }: DashboardServiceDeps) {
  return {
    async summary(claims: AuthClaims): Promise<DashboardSummary> {
      const links = await repository.memberLinks(claims.userId);
      const [dossierCounts, missing, waiting, pass] = await Promise.all([
        dossiers.stateCounts(claims),
        crf.missing(claims),
        cec.waitingCount(claims, links.map((l) => l.associationId)),
        passSport.dashboardCounts(claims, links),
      ]);
      return { dossiers: dossierCounts, crf_manquants: missing.length, declarations_a_valider: waiting, pass_sport: pass };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

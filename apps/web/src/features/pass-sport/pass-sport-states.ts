// How Pass'Sport's states read as badges: the dossier's (machine pass_sport) and the inscriptions'.
import type { PspDossier } from '@portail/contract';

type Severity = 'info' | 'success' | 'error' | 'warning' | 'new';

const DOSSIER_SEVERITY: Record<PspDossier['id_etat'], Severity> = {
  '1': 'info',
  '2': 'new',
  '3': 'warning',
  '4': 'success',
  '7': 'error',
  '8': 'error',
  '9': 'error',
};

export const pspStateSeverity = (state: PspDossier['id_etat']): Severity => DOSSIER_SEVERITY[state];

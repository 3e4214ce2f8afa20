// Which of an approval's expected fields and documents one of its dossiers asks for (docs/domain.md
// « Agréments »): those whose definition is active and whose conditions (`asks`, the subsidies'
// askSchema) hold on the dossier, read as the objects `dossier` (its view), `description` and
// `demandeur`; each required when its link says so. The wizard shows these, and the transmission
// requires the required ones among them: one rule for the client and the server.
import { evaluateAsks, type Ask, type AskContext } from '../subsidies/asks.ts';

/** The objects an approval dossier's conditions read (an approval dossier is never coupled to a TCA request). */
export const approvalAskContext = (dossier: { description: unknown; demandeur: unknown }): AskContext => ({
  scopes: { dossier, description: dossier.description, demandeur: dossier.demandeur },
});

/** The items the dossier asks for, in their order. */
export const askedOfApproval = <T extends { enabled: boolean; asks: readonly Ask[] }>(items: readonly T[], dossier: { description: unknown; demandeur: unknown }): T[] =>
  items.filter((item) => item.enabled && evaluateAsks(item.asks, approvalAskContext(dossier)));

/** The scopes an approval's conditions may read, for the administration's condition editor. */
export const APPROVAL_ASK_SCOPES = [
  { value: 'dossier', label: 'Dossier' },
  { value: 'description', label: 'Description du dossier (agrément, exercice)' },
  { value: 'demandeur', label: 'Demandeur' },
] as const;

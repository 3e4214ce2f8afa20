// The lca module's data access: association users and links, report links, notes, questions, links,
// document templates, and the transaction runner the rules write in.
import type { Database } from '../../db/prisma.ts';
import { transactionRunner } from '../../db/transaction.ts';
import { findAssociationId } from '../proxy-asso/index.ts';
import { createNoteRepository } from './notes/repository.ts';
import { createQuestionRepository } from './questions/repository.ts';
import { createReportRepository } from './reports/repository.ts';
import { createTemplateRepository } from './templates/repository.ts';
import { createUrlRepository } from './urls/repository.ts';
import { createUserRepository } from './users/repository.ts';

export function createLcaRepository(db: Database) {
  return {
    transaction: transactionRunner(db),
    /** The association an id_asso names (id, RNA, SIREN or SIRET), live ones only. */
    findAssociationId: (idAsso: string) => findAssociationId(db, idAsso),
    ...createUserRepository(db),
    ...createReportRepository(db),
    ...createNoteRepository(db),
    ...createQuestionRepository(db),
    ...createUrlRepository(db),
    ...createTemplateRepository(db),
  };
}
export type LcaRepository = ReturnType<typeof createLcaRepository>;

// The auth module's data access: its accounts and its tokens, one object for the service.
import type { Database } from '../../db/prisma.ts';
import { transactionRunner } from '../../db/transaction.ts';
import { createAccountRepository } from './accounts/repository.ts';
import { createTokenRepository } from './tokens/repository.ts';

export function createAuthRepository(db: Database) {
  return { ...createAccountRepository(db), ...createTokenRepository(db), transaction: transactionRunner(db) };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

// Checks shared by the parts of the association file: change lists, rows of the association,
// and the watched writes (RIBs, representatives) that are recorded and announced.
import { ASSOCIATION_FILE_MESSAGES, type Change, decodeChanges } from '@portail/contract';
import type { z } from 'zod';
import type { MembershipLimits } from '../../../config.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import { type AppError, appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AccessService } from '../access/service.ts';
import type { FileChange, FileChanges } from './change-notices.ts';
import { isUniqueViolation, type FileRepository } from './repository.ts';

/** What every part of the file works with. */
export interface FileContext {
  access: AccessService;
  repository: FileRepository;
  /** Trail, mails and notifications of RIB and representative changes. */
  fileChanges: FileChanges;
  limits: Pick<MembershipLimits, 'representantsPerAssociation'>;
}

export function invalid(fields: Record<string, string>): AppError {
  return appError('VALIDATION_ERROR', { fields });
}

/** 400 with the rules' messages per field, when there are any. */
export function assertNoErrors(errors: Record<string, string>) {
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** Decodes a change list and checks it with the resource's schema of modifiable keys. */
export function parseChanges<S extends z.ZodType>(schema: S, changes: readonly Change[]): z.output<S> {
  const result = schema.safeParse(decodeChanges(changes));
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.map(String).join('.');
      fields[key] ??= issue.code === 'unrecognized_keys' ? ASSOCIATION_FILE_MESSAGES.notModifiable(issue.keys.join(', ')) : issue.message;
    }
    throw invalid(fields);
  }
  return result.data;
}

/** A row of the association (else 404: ids of another association cannot be probed). */
export async function rowOf<T>(row: Promise<T | null>): Promise<T> {
  const found = await row;
  if (!found) throw appError('NOT_FOUND');
  return found;
}

/** The SIRET must be an establishment of the association (400 on id_siret). */
export async function assertSiretOfAssociation({ repository }: FileContext, associationId: string, siret: string) {
  const etablissement = await repository.etablissements.find(associationId, siret);
  if (!etablissement) throw invalid({ id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation });
  return etablissement;
}

/** A watched change (RIB, representative): written, recorded and announced in one transaction. */
export async function watchedWrite<T>(
  { repository, fileChanges }: FileContext,
  claims: AuthClaims,
  work: (tx: DbTransaction) => Promise<{ result: T; change: FileChange }>,
): Promise<T> {
  const result = await repository.transaction(async (tx) => {
    const { result, change } = await work(tx);
    await fileChanges.record(tx, claims, change);
    return result;
  });
  await fileChanges.deliver();
  return result;
}

/** For `.catch`: a unique index refusal becomes a 400 on `fields`; other errors pass through. */
export function uniqueViolationAs(fields: Record<string, string>) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw invalid(fields);
    throw error;
  };
}

// Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id: the package's const enum cannot be imported under verbatimModuleSyntax.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the time of a real verification when the account does not exist (no user enumeration by timing). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}

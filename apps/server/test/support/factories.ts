// Accounts for tests, created through the same repository as the application.
import { randomUUID } from 'node:crypto';
import type { Role } from '@portail/contract';
import { createAuthRepository, hashPassword, type NewAccount } from '../../src/modules/auth/index.ts';
import { TEST_PASSWORD, type TestApp } from './test-app.ts';

let cachedHash: Promise<string> | null = null;

export interface AccountOptions {
  email?: string;
  roles?: (Role | string)[];
  enabled?: boolean;
  mustChangePassword?: boolean;
  password?: string;
  service?: NewAccount['service'];
}

export async function createAccount(t: TestApp, options: AccountOptions = {}) {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@test.example.org`;
  const roles = options.roles ?? ['lca.association'];
  const passwordHash = options.password
    ? await hashPassword(options.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const isService = roles.some((r) => r === 'rds.user' || r === 'rds.service');
  return createAuthRepository(t.db).createAccount({
    email,
    passwordHash,
    civilite: 'Mme',
    nom: 'Test',
    prenom: 'Compte',
    origin: 'lca',
    roles,
    enabled: options.enabled ?? true,
    mustChangePassword: options.mustChangePassword ?? false,
    ...(options.service ?? isService ? { service: options.service ?? { nom: 'Service de test' } } : {}),
  });
}

/** Creates an account and signs it in; returns its tokens and session user. */
export async function signIn(t: TestApp, options: AccountOptions = {}) {
  const account = await createAccount(t, options);
  const response = await t
    .http()
    .post('/api/auth-server/login')
    .send({ email: account.email, password: options.password ?? TEST_PASSWORD });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { account, token: response.body.token as string, refreshToken: response.body.refreshToken as string, user: response.body.user };
}

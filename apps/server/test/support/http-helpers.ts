// Small request helpers shared by the API tests.
import { randomUUID } from 'node:crypto';
import { accessTokenPayloadSchema, type RegisterBody } from '@portail/contract';
import { TEST_PASSWORD } from './test-app.ts';

export const TOKEN_HEADER = 'x-access-token';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@test.example.org`;

/** A valid registration body; override any field. */
export function registerBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  return {
    email: uniqueEmail('inscrit'),
    password: TEST_PASSWORD,
    confirm: overrides.password ?? TEST_PASSWORD,
    civilite: 'Mme',
    nom: 'Dupont-Lefèvre',
    prenom: 'Élodie',
    ...overrides,
  };
}

/** Decodes (without verifying) the payload of an access token. */
export function jwtPayload(token: string) {
  const [, payload] = token.split('.');
  return accessTokenPayloadSchema.parse(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')));
}

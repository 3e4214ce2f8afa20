// Test data: session users and their lca-server records, JWTs, storage.
import type { AssociationUser, SessionResponse, SessionUser, UserAssociationLink } from '@portail/contract';

/** A user ↔ association link as the lca server answers it (head office of a demo association). */
export function makeLink(overrides: Partial<UserAssociationLink> = {}): UserAssociationLink {
  return {
    id_correspondance: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    id_siret: '73282932000074',
    id_rna: 'W751234567',
    id_siren: '732829320',
    type: 'Siège',
    fonction: 'Trésorière',
    nom: 'Club sportif de Tours',
    siegeSiret: '73282932000074',
    isValideurCEC: false,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    authId: '22222222-2222-4222-8222-222222222222',
    lcaId: '33333333-3333-4333-8333-333333333333',
    email: 'camille.martin@example.org',
    civilite: 'Mme',
    nom: 'Martin',
    prenom: 'Camille',
    role: 'lca.association',
    roles: ['lca.association'],
    enabled: true,
    mustChangePassword: false,
    associations: [makeLink()],
    rds: null,
    session: null,
    ...overrides,
  };
}

/** The lca-server record of a session user (GET /api/lca-server/users/:id). */
export function makeLcaUser(user: SessionUser = makeUser(), overrides: Partial<AssociationUser> = {}) {
  const { lcaId, authId, email, civilite, nom, prenom, associations } = user;
  return { _id: lcaId, authId, email, civilite, nom, prenom, associations, ...overrides };
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT whose payload expires at `expSeconds`. */
export function makeJwt(expSeconds: number, sub = 'user'): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub, email: 'x@example.org', roles: [], iat: expSeconds - 900, exp: expSeconds }),
  );
  return `${header}.${payload}.signature`;
}

export function makeSession(user: SessionUser = makeUser(), token = makeJwt(4_000_000_000)): SessionResponse {
  return { token, refreshToken: 'refresh-token-0123456789', user };
}

export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

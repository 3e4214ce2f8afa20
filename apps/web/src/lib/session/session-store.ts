// Tokens, the signed-in user and the selected association, kept in localStorage (docs/domain.md « Données », « Session et rôles »).
import {
  defaultRole,
  sessionUserSchema,
  type SessionResponse,
  type SessionUser,
  type TokenPair,
} from '@portail/contract';

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  /** id_correspondance of the association chosen in the "ajout association" steps. */
  selectedAssociation: string | null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEYS = {
  token: 'lca.token',
  refreshToken: 'lca.refreshToken',
  user: 'lca.user',
  selectedAssociation: 'lca.selectedAssociation',
} as const;

export const EMPTY_SESSION: SessionState = { token: null, refreshToken: null, user: null, selectedAssociation: null };

function readUser(storage: KeyValueStorage): SessionUser | null {
  const raw = storage.getItem(KEYS.user);
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Login, registration, password reset and profile updates all answer with a full session. */
  signIn(response: SessionResponse): void;
  setTokens(pair: TokenPair): void;
  setUser(user: SessionUser): void;
  selectAssociation(idCorrespondance: string | null): void;
  clear(): void;
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const listeners = new Set<() => void>();
  let state: SessionState = {
    token: storage.getItem(KEYS.token),
    refreshToken: storage.getItem(KEYS.refreshToken),
    user: readUser(storage),
    selectedAssociation: storage.getItem(KEYS.selectedAssociation),
  };

  function write(key: keyof typeof KEYS, value: string | null) {
    if (value === null) storage.removeItem(KEYS[key]);
    else storage.setItem(KEYS[key], value);
  }

  function update(next: Partial<SessionState>) {
    state = { ...state, ...next };
    if ('token' in next) write('token', state.token);
    if ('refreshToken' in next) write('refreshToken', state.refreshToken);
    if ('user' in next) write('user', state.user ? JSON.stringify(state.user) : null);
    if ('selectedAssociation' in next) write('selectedAssociation', state.selectedAssociation);
    listeners.forEach((listener) => listener());
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: ({ token, refreshToken, user }) => update({ token, refreshToken, user }),
    setTokens: ({ token, refreshToken }) => update({ token, refreshToken }),
    setUser: (user) => update({ user }),
    selectAssociation: (selectedAssociation) => update({ selectedAssociation }),
    clear: () => update({ ...EMPTY_SESSION }),
  };
}

/** The role the user acts with: the session's, else the default role (docs/domain.md « Session et rôles »). */
export function currentRole(user: SessionUser | null): string | null {
  if (!user) return null;
  return user.role ?? defaultRole(user.roles);
}

export function isSignedIn(state: SessionState): boolean {
  return state.token !== null && state.user !== null;
}

export function displayName(user: SessionUser): string {
  const name = [user.prenom, user.nom].filter(Boolean).join(' ');
  return name || user.email;
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage disabled (privacy settings): fall back to memory below.
  }
  const memory = new Map<string, string>();
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}

/** The application's session. */
export const session = createSessionStore(browserStorage());

// This instance's cache of the account states the entry checks read on every call
// (request-context.ts), so that an authenticated call costs no database read while a revocation
// still holds at once. It is an AccountStateObserver (db/account-state-changes.ts): the database
// announces every change to what the state is read from, whoever writes, and the cache forgets
// that user. It is used only while those announcements are heard:
// - not listening (not yet, connection lost): every call reads the database, nothing is kept;
//   listening again: the cache starts empty, as announcements may have been missed meanwhile;
// - a state read while a change was announced may predate it: it is given to its call, not kept
//   (a generation counter, bumped by every announcement);
// - a write of this instance announces itself to its own connection before its commit: until the
//   NOTIFY of that transaction arrives, that user's state is read from the database (after the
//   commit, this instance's next call sees the change even if the NOTIFY is still on its way);
// - bounded: the least recently used users go first beyond maxUsers, a few sessions per user, and
//   each state is read again after ttlMs whatever happens (a safety net, not the mechanism).
import type { AccountStateObserver } from '../db/account-state-changes.ts';
import { EVERY_USER } from '../db/account-state-changes.ts';

export interface AccountStateCacheOptions {
  /** Users kept at most (0: no cache, every call reads the database). */
  maxUsers: number;
  /** A kept state is read again after this long. */
  ttlMs: number;
}

/** Sessions (refresh families) kept per user; the oldest goes first. */
const SESSIONS_PER_USER = 8;
/** A write whose NOTIFY never comes (rolled back, or listener lost at its commit) holds its user this long. */
const WRITE_HOLD_MS = 30_000;

interface Kept<T> {
  state: T;
  expiresAt: number;
}

export interface AccountStateCacheStats {
  listening: boolean;
  users: number;
  hits: number;
  misses: number;
  /** Users whose state is read from the database while a write of this instance is announced. */
  held: number;
}

export class AccountStateCache<T extends object> implements AccountStateObserver {
  /** Least recently used first (a Map keeps insertion order). */
  private readonly users = new Map<string, Map<string, Kept<T>>>();
  private isListening = false;
  private generation = 0;
  /** "<user> <xid>" of this instance's writes whose NOTIFY has not arrived, with their deadline. */
  private readonly writes = new Map<string, number>();
  /** Users with at least one such write, and how many. */
  private readonly heldUsers = new Map<string, number>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: AccountStateCacheOptions) {}

  /** The state of `userId` in session `sessionId`: kept, or read by `read` (and kept when it may be). */
  async get(userId: string, sessionId: string, read: () => Promise<T | null>): Promise<T | null> {
    if (!this.isListening || this.options.maxUsers <= 0) return read();
    const now = Date.now();
    if (this.heldUsers.size > 0 && this.isHeld(userId, now)) return read();
    const sessions = this.users.get(userId);
    const kept = sessions?.get(sessionId);
    if (sessions && kept && kept.expiresAt > now) {
      this.hits++;
      // Most recently used last.
      this.users.delete(userId);
      this.users.set(userId, sessions);
      return kept.state;
    }
    this.misses++;
    const generation = this.generation;
    const state = await read();
    // Kept only if nothing was announced while it was read (it could predate the change).
    if (state !== null && generation === this.generation && this.isListening) this.keep(userId, sessionId, state, now + this.options.ttlMs);
    return state;
  }

  stats(): AccountStateCacheStats {
    return { listening: this.isListening, users: this.users.size, hits: this.hits, misses: this.misses, held: this.heldUsers.size };
  }

  changed(userId: string, xid: string): void {
    this.forget(userId);
    const write = `${userId} ${xid}`;
    if (this.writes.delete(write)) this.release(userId);
  }

  writing(userId: string, xid: string): void {
    this.forget(userId);
    const write = `${userId} ${xid}`;
    if (this.writes.has(write)) return;
    const now = Date.now();
    // Writes whose NOTIFY never came are dropped here too (not only by get, which is idle while deaf).
    if (this.writes.size >= 1_000) this.sweep(now);
    this.writes.set(write, now + WRITE_HOLD_MS);
    this.heldUsers.set(userId, (this.heldUsers.get(userId) ?? 0) + 1);
  }

  listening(): void {
    this.clear();
    this.isListening = true;
  }

  deaf(): void {
    this.isListening = false;
    this.clear();
  }

  private clear(): void {
    this.generation++;
    this.users.clear();
  }

  private forget(userId: string): void {
    this.generation++;
    if (userId === EVERY_USER) this.users.clear();
    else this.users.delete(userId);
  }

  private release(userId: string): void {
    const count = (this.heldUsers.get(userId) ?? 1) - 1;
    if (count > 0) this.heldUsers.set(userId, count);
    else this.heldUsers.delete(userId);
  }

  private isHeld(userId: string, now: number): boolean {
    this.sweep(now);
    return this.heldUsers.has(userId) || this.heldUsers.has(EVERY_USER);
  }

  private sweep(now: number): void {
    for (const [write, deadline] of this.writes) {
      if (deadline > now) continue;
      this.writes.delete(write);
      this.release(write.slice(0, write.indexOf(' ')));
    }
  }

  private keep(userId: string, sessionId: string, state: T, expiresAt: number): void {
    let sessions = this.users.get(userId);
    if (sessions) this.users.delete(userId);
    else sessions = new Map();
    if (!sessions.has(sessionId) && sessions.size >= SESSIONS_PER_USER) sessions.delete(sessions.keys().next().value!);
    sessions.set(sessionId, { state: Object.freeze(state), expiresAt });
    this.users.set(userId, sessions);
    while (this.users.size > this.options.maxUsers) this.users.delete(this.users.keys().next().value!);
  }
}

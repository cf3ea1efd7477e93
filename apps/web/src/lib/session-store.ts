import type { SessionAccount } from '@portal/shared';

/** Why the last session ended: the user chose to (logout, password change) or the server refused it. */
export type SignOutReason = 'user' | 'expired';

export interface SessionState {
  account: SessionAccount | null;
  endedBy: SignOutReason | null;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  clear(): void;
}

export const SESSION_STORAGE_KEY = 'portal.session';

// Any permission string is kept: one the portal does not know sees 'Your Login is under construction'.
const nonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

const nullableString = (value: unknown) => value === null || typeof value === 'string';

/** Reads a stored account, refusing anything that is not a complete one (old formats, tampering). */
export function parseStoredAccount(raw: string | null): SessionAccount | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    nonEmptyString(v.jwt) &&
    typeof v.user_id === 'string' &&
    typeof v.username === 'string' &&
    typeof v.entity_id === 'string' &&
    nonEmptyString(v.entity_type) &&
    nonEmptyString(v.permission) &&
    nullableString(v.institution_id) &&
    nullableString(v.institution_title) &&
    nullableString(v.institution_nav_logo) &&
    nullableString(v.academic_year) &&
    // Kept by sign-ins before decision 37 without it: the time zone then comes with /auth/me.
    (v.time_zone === undefined || nonEmptyString(v.time_zone)) &&
    // Kept by sign-ins before decision 40 without it: the language then comes with /auth/me.
    (v.language === undefined || nonEmptyString(v.language)) &&
    typeof v.must_change_password === 'boolean';
  return ok ? (value as SessionAccount) : null;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(account: SessionAccount): void;
  update(changes: Partial<Omit<SessionAccount, 'jwt'>>): void;
  signOut(reason?: SignOutReason): void;
  /** Re-reads the storage (another tab signed in or out). */
  reload(): void;
}

/**
 * A tiny external store for `useSyncExternalStore`. `clearAll` wipes every other piece of client state
 * (storages besides `storage`, the query cache) on sign-out, and is given the account that ended.
 */
export function createSessionStore(
  storage: KeyValueStorage | null,
  clearAll: (ended: SessionAccount | null) => void,
): SessionStore {
  let state: SessionState = {
    account: parseStoredAccount(storage?.getItem(SESSION_STORAGE_KEY) ?? null),
    endedBy: null,
  };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(account) {
      storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(account));
      set({ account, endedBy: null });
    },
    update(changes) {
      if (!state.account) return;
      const account = { ...state.account, ...changes };
      storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(account));
      set({ account, endedBy: null });
    },
    signOut(reason = 'user') {
      const ended = state.account;
      // Drop the account first, so nothing triggered by clearing the caches can still send its token.
      if (state.account || state.endedBy !== reason) set({ account: null, endedBy: reason });
      storage?.clear();
      clearAll(ended);
    },
    reload() {
      const account = parseStoredAccount(storage?.getItem(SESSION_STORAGE_KEY) ?? null);
      if (
        account?.jwt === state.account?.jwt &&
        account?.must_change_password === state.account?.must_change_password
      )
        return;
      if (account) set({ account, endedBy: null });
      else {
        clearAll(state.account);
        set({ account: null, endedBy: 'user' });
      }
    },
  };
}

import type { SessionAccount } from '@portal/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  type KeyValueStorage,
  parseStoredAccount,
  SESSION_STORAGE_KEY,
} from './session-store';

const account: SessionAccount = {
  jwt: 'token-1',
  user_id: '00000000-0000-4000-8000-000000000001',
  username: 'student',
  name: 'Asha Rao',
  entity_id: '00000000-0000-4000-8000-000000000002',
  entity_type: 'student',
  permission: 'student',
  institution_id: '00000000-0000-4000-8000-000000000003',
  institution_title: 'Green Valley School',
  institution_nav_logo: null,
  academic_year: '2024-25',
  time_zone: 'Asia/Kolkata',
  language: 'en',
  must_change_password: false,
};

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    clear: () => data.clear(),
  };
}

describe('parseStoredAccount', () => {
  it('reads a complete account', () => {
    expect(parseStoredAccount(JSON.stringify(account))).toEqual(account);
  });

  it.each([
    null,
    '',
    'not json',
    '42',
    JSON.stringify({ ...account, jwt: '' }),
    JSON.stringify({ ...account, must_change_password: 'no' }),
    JSON.stringify({ ...account, institution_id: 5 }),
    JSON.stringify({ ...account, time_zone: 5 }),
  ])('refuses %j', (raw) => {
    expect(parseStoredAccount(raw)).toBeNull();
  });

  it('reads an account kept before it carried its time zone (/auth/me brings it)', () => {
    const { time_zone: _zone, ...older } = account;
    expect(parseStoredAccount(JSON.stringify(older))).toEqual(older);
  });

  it('keeps a permission the portal does not know (it shows "under construction")', () => {
    expect(parseStoredAccount(JSON.stringify({ ...account, permission: 'parent' }))?.permission).toBe(
      'parent',
    );
  });
});

describe('createSessionStore', () => {
  it('starts from the stored account', () => {
    const store = createSessionStore(
      memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(account) }),
      () => {},
    );
    expect(store.getState().account).toEqual(account);
  });

  it('stores on sign-in and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => {});
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(account);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY) ?? '')).toEqual(account);
  });

  it('clears every piece of client state on sign-out and records why', () => {
    const storage = memoryStorage({ other: 'x' });
    const clearAll = vi.fn();
    const store = createSessionStore(storage, clearAll);
    store.signIn(account);
    store.signOut('expired');
    expect(store.getState()).toEqual({ account: null, endedBy: 'expired' });
    expect(storage.data.size).toBe(0);
    // Given the ended account, so its sign-in can be ended on the server too.
    expect(clearAll).toHaveBeenCalledTimes(1);
    expect(clearAll).toHaveBeenCalledWith(account);
  });

  it('updates fields but keeps the token', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => {});
    store.signIn({ ...account, must_change_password: true });
    store.update({ must_change_password: false, institution_title: 'Renamed' });
    expect(store.getState().account).toMatchObject({ jwt: 'token-1', must_change_password: false });
    expect(parseStoredAccount(storage.data.get(SESSION_STORAGE_KEY) ?? null)?.institution_title).toBe(
      'Renamed',
    );
  });

  it('gives the same snapshot until something changes (useSyncExternalStore needs that)', () => {
    const store = createSessionStore(memoryStorage(), () => {});
    expect(store.getState()).toBe(store.getState());
  });

  it('follows a sign-out in another tab', () => {
    const storage = memoryStorage();
    const clearAll = vi.fn();
    const store = createSessionStore(storage, clearAll);
    store.signIn(account);
    storage.clear();
    store.reload();
    expect(store.getState().account).toBeNull();
    expect(clearAll).toHaveBeenCalledWith(account);
  });
});

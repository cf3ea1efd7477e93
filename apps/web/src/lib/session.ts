import type { SessionAccount } from '@portal/shared';
import { useSyncExternalStore } from 'react';
import { endFileSession } from './file-cookie';
import { queryClient } from './query-client';
import { createSessionStore, SESSION_STORAGE_KEY, type SessionState } from './session-store';

const hasWindow = typeof window !== 'undefined';

export const sessionStore = createSessionStore(hasWindow ? window.localStorage : null, (ended) => {
  if (hasWindow) window.sessionStorage.clear();
  endFileSession(ended?.jwt);
  queryClient.cancelQueries();
  queryClient.clear();
});

if (hasWindow) {
  // Sign-in or sign-out in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.reload();
  });
}

export const signIn = sessionStore.signIn;
export const signOut = sessionStore.signOut;
export const updateAccount = sessionStore.update;
export const getAccount = (): SessionAccount | null => sessionStore.getState().account;

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/** The signed-in account, or null. */
export function useAccount(): SessionAccount | null {
  return useSessionState().account;
}

/** The signed-in account inside the guarded part of the app (the guard renders nothing without one). */
export function useRequiredAccount(): SessionAccount {
  const account = useAccount();
  if (!account) throw new Error('useRequiredAccount outside the session guard');
  return account;
}

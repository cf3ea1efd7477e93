import { NOTICE_ERROR_MS, NOTICE_SUCCESS_MS } from '@portal/shared/constants';

// The notices' container (with its transitions) is loaded on first use, not with /login.
let containerWanted = false;
const listeners = new Set<() => void>();

export const notificationsHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: () => containerWanted,
  /** Loads the container ahead of the first notice (pages that will surely show some). */
  request() {
    if (containerWanted) return;
    containerWanted = true;
    for (const listener of listeners) listener();
  },
};

function show(message: string, color: string, autoClose: number) {
  notificationsHost.request();
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ message, color, autoClose, withBorder: true }),
  );
}

/** Success notices close after 3 s, error notices after 5 s (management §9). */
export const notify = {
  success: (message: string) => show(message, 'teal', NOTICE_SUCCESS_MS),
  error: (message: string) => show(message, 'red', NOTICE_ERROR_MS),
};

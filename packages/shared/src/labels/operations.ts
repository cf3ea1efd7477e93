/**
 * Texts of the operations features (issue 28): health, and the institution export's screen and
 * errors. The spec has no words for these.
 */
export const OPERATIONS_MESSAGES = {
  databaseUnavailable: 'The database is not reachable.',
  migrationsPending: 'The database is not yet at this release’s migrations.',
} as const;

export const OPERATIONS_LABELS = {} as const;

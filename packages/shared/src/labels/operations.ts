/**
 * Texts of the operations features (issue 28): health, and the institution export's screen and
 * errors. The spec has no words for these.
 */
export const OPERATIONS_MESSAGES = {
  databaseUnavailable: 'The database is not reachable.',
  migrationsPending: 'The database is not yet at this release’s migrations.',
  exportNotReady: 'The export is not ready yet.',
} as const;

export const OPERATIONS_LABELS = {
  exportData: 'Export data',
  exportDataOf: 'Export the data of {title}',
  exportIntro:
    'Download the institution’s data as a zip of CSV files: people, content, study plans, doubts, notes, assessments and results, and attendance, with a manifest. Passwords and secrets are never included.',
  startExport: 'Start export',
  exportAgain: 'Export again',
  exportQueued: 'Waiting to start…',
  exportRunning: 'Writing {done} of {total} files',
  exportDone: 'Ready: {rows} rows, {size}',
  exportFailed: 'The export failed. Please try again.',
  exportProgress: 'Export progress',
  downloadExport: 'Download zip',
  lastExport: 'Latest export, {when}',
} as const;

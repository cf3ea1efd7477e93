// Kept apart from storage.ts so code that only checks a file link (the question importer) does
// not load the S3 and tus clients.

const SAFE_KEY = /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_.-]+)+$/;

/** The portal path every stored file is reached at, whatever the storage. */
export const FILES_PREFIX = '/files/';

/** A storage key from a key-shaped string, or null (no `..`, no hidden folders such as `.tus`). */
export function safeKey(candidate: string): string | null {
  return SAFE_KEY.test(candidate) && !candidate.includes('..') ? candidate : null;
}

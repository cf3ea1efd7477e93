import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CaptionTrack, LANGUAGES, type Language, ROLES, type Role } from '@portal/shared';
import { FILES_PREFIX } from '../../lib/storage.js';

/**
 * The portal's own demo videos: short recordings of each role's screens (`npm run record:demos`,
 * e2e/record-demo-videos.ts), shipped in the seed media folder and shown to every institution that
 * has not set its own. They are read where the portal is installed, never from the storage.
 */
export const DEFAULT_DEMO_VIDEO_FILES: Record<Role, string> = {
  student: 'demo-student.webm',
  faculty: 'demo-faculty.webm',
  moderator: 'demo-moderator.webm',
  owner: 'demo-owner.webm',
};

/**
 * Each recording's captions (WebVTT) in each language: what the recording's on-screen captions say,
 * with their times, for a screen reader's braille or speech and for viewers who turn captions on.
 * English is written by the recorder beside the video (`demo-<role>.vtt`); the other languages are
 * its cues translated, with the same times (`demo-<role>.<language>.vtt`, checked by a test).
 */
export function demoCaptionFile(role: Role, language: Language): string {
  const suffix = language === 'en' ? '.vtt' : `.${language}.vtt`;
  return DEFAULT_DEMO_VIDEO_FILES[role].replace(/\.webm$/, suffix);
}

export const DEFAULT_DEMO_CAPTION_FILES: string[] = ROLES.flatMap((role) =>
  LANGUAGES.map((language) => demoCaptionFile(role, language)),
);

/**
 * Served under `/files/` so the file-session cookie (Path=/files/) reaches it; stored keys begin
 * with an institution's id or `portal`, so this path never names a stored file.
 */
export const DEFAULT_DEMO_VIDEO_PATH = `${FILES_PREFIX}_defaults/demo-videos`;

/** The folder that holds them: beside the source, or found from the bundled server in dist/. */
export function defaultDemoVideoDirectory(): string | null {
  const candidates = [
    path.resolve(import.meta.dirname, '../../db/seed/media/demo-videos'),
    path.resolve(import.meta.dirname, '../src/db/seed/media/demo-videos'),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

const versions = new Map<string, string | null>();

/**
 * A short digest of a shipped file (null when it is not shipped), so a re-recorded video or a
 * corrected caption file gets a new URL and browsers may keep the old one long.
 */
function versionOf(file: string): string | null {
  if (!versions.has(file)) {
    const directory = defaultDemoVideoDirectory();
    const full = directory && path.join(directory, file);
    versions.set(
      file,
      full && existsSync(full)
        ? createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 12)
        : null,
    );
  }
  return versions.get(file) ?? null;
}

const urlOf = (file: string) => {
  const version = versionOf(file);
  return version ? `${DEFAULT_DEMO_VIDEO_PATH}/${file}?v=${version}` : null;
};

/** The default demo video's URL for a role, or null when the portal ships none for it. */
export const defaultDemoVideoUrl = (role: Role): string | null => urlOf(DEFAULT_DEMO_VIDEO_FILES[role]);

/** The default demo video's caption tracks for a role, one per language the portal ships for it. */
export function defaultDemoCaptions(role: Role): CaptionTrack[] {
  if (!defaultDemoVideoUrl(role)) return [];
  return LANGUAGES.flatMap((language) => {
    const url = urlOf(demoCaptionFile(role, language));
    return url ? [{ language, url }] : [];
  });
}

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@portal/shared';
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
 * Each recording's captions (WebVTT): what the recording's on-screen captions say, with their
 * times, for a screen reader's braille or speech and for viewers who turn captions on.
 */
export const DEFAULT_DEMO_CAPTION_FILES: Record<Role, string> = Object.fromEntries(
  Object.entries(DEFAULT_DEMO_VIDEO_FILES).map(([role, file]) => [role, file.replace(/\.webm$/, '.vtt')]),
) as Record<Role, string>;

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

let versions: Map<Role, string> | null = null;

/** A short digest of each file, so a re-recorded video gets a new URL and browsers may keep the old one long. */
function versionOf(role: Role): string | null {
  if (!versions) {
    versions = new Map();
    const directory = defaultDemoVideoDirectory();
    for (const [each, file] of Object.entries(DEFAULT_DEMO_VIDEO_FILES) as [Role, string][]) {
      const full = directory && path.join(directory, file);
      if (full && existsSync(full)) {
        versions.set(each, createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 12));
      }
    }
  }
  return versions.get(role) ?? null;
}

/** The default demo video's URL for a role, or null when the portal ships none for it. */
export function defaultDemoVideoUrl(role: Role): string | null {
  const version = versionOf(role);
  if (!version) return null;
  return `${DEFAULT_DEMO_VIDEO_PATH}/${DEFAULT_DEMO_VIDEO_FILES[role]}?v=${version}`;
}

/** The default demo video's captions for a role, or null when the portal ships none. */
export function defaultDemoCaptionsUrl(role: Role): string | null {
  const version = versionOf(role);
  const directory = defaultDemoVideoDirectory();
  if (!version || !directory || !existsSync(path.join(directory, DEFAULT_DEMO_CAPTION_FILES[role])))
    return null;
  return `${DEFAULT_DEMO_VIDEO_PATH}/${DEFAULT_DEMO_CAPTION_FILES[role]}?v=${version}`;
}

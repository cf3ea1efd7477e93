import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FILE_NAME_MAX_LENGTH } from '@portal/shared';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../config.js';
import { FILES_PREFIX, safeKey } from './storage-keys.js';

/**
 * Where uploaded files live. Keys are portal-made (`<scope>/<random>-<name>.<ext>`), never user
 * paths. Every file's URL is the portal's own `/files/<key>`, whatever the storage: the portal
 * checks who asks before it serves the file (local) or sends a short signed link to it (S3).
 */
export interface Storage {
  kind: 'local' | 's3';
  /** The folder of local storage (served under /files/). */
  root?: string;
  save(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key of one of our own file URLs, or null for anything else (no outside fetching). */
  keyOf(url: string): string | null;
  /** S3 only: a link to read the object directly, valid for `SIGNED_URL_SECONDS` from `at`. */
  signedReadUrl?(key: string, options: { attachment: boolean; at: Date }): Promise<string>;
  /** The store behind resumable (tus) uploads. */
  tusStore(): DataStore;
  /** Makes a finished resumable upload a stored file under `key`. */
  adoptTusUpload(uploadId: string, key: string, contentType: string): Promise<void>;
}

/** File types the portal keeps, by extension; anything else is stored as `.bin` and downloaded. */
const KNOWN_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Question files (`purpose=import`) also keep the extensions of the import formats (Moodle XML,
 * GIFT; CSV and Aiken's `.txt` are known already), so a downloaded file still opens as what it
 * is. They are stored and served as plain text: never as markup (an XML file can carry a script).
 */
const IMPORT_TYPES: Record<string, string> = {
  xml: 'text/plain; charset=utf-8',
  gift: 'text/plain; charset=utf-8',
};

/** The content type a stored key is served with: by its extension, as it was stored. */
export function contentTypeOfKey(key: string): string {
  const extension = path.extname(key).slice(1).toLowerCase();
  return KNOWN_TYPES[extension] ?? IMPORT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * A file name of at most `max` characters: a longer one loses the end of its name, never its
 * extension (`a-very-long…name.pdf` stays a `.pdf`).
 */
export function shortenFilename(filename: string, max = FILE_NAME_MAX_LENGTH): string {
  const characters = Array.from(filename);
  if (characters.length <= max) return filename;
  const extension = path.extname(filename);
  const keep = extension.length > 0 && extension.length <= 16 ? Array.from(extension) : [];
  const base = characters
    .slice(0, Math.max(1, max - keep.length))
    .join('')
    .trimEnd();
  return `${base}${keep.join('')}`;
}

/**
 * A safe storage key and content type for an uploaded file name. HTML, SVG and scripts are never
 * served as such from the portal's origin: unknown extensions become `.bin` (for an import, those
 * of the question formats are known).
 */
export function storageKeyFor(
  scope: string,
  filename: string,
  { importFile = false } = {},
): { key: string; contentType: string } {
  const extension = path.extname(filename).slice(1).toLowerCase();
  const known = KNOWN_TYPES[extension] ?? (importFile ? IMPORT_TYPES[extension] : undefined);
  const base = path
    .basename(filename, path.extname(filename))
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const name = `${randomBytes(12).toString('hex')}-${base || 'file'}.${known ? extension : 'bin'}`;
  return { key: `${scope}/${name}`, contentType: known ?? 'application/octet-stream' };
}

export { FILES_PREFIX, safeKey };

export const isKnownMediaKey = (key: string) =>
  /\.(png|jpe?g|gif|webp|mp3|wav|ogg|m4a|mp4|m4v|webm|mov|pdf)$/i.test(key);

/** How long a signed S3 link stays valid: long enough to watch a lesson video to its end. */
export const SIGNED_URL_SECONDS = 60 * 60;

/** The key of a portal file URL (`/files/<key>`, also as an absolute URL of the portal). */
function portalKeyOf(url: string): string | null {
  const pathname = url.startsWith('http') ? safePathname(url) : url;
  if (!pathname?.startsWith(FILES_PREFIX)) return null;
  try {
    return safeKey(decodeURIComponent(pathname.slice(FILES_PREFIX.length)));
  } catch {
    return null;
  }
}

function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!safeKey(key)) throw new Error('bad storage key');
    return path.join(root, key);
  };
  const tusDirectory = path.join(root, '.tus');
  return {
    kind: 'local',
    root,
    async save(key, body) {
      const handle = await openForWriting(resolve(key));
      if (Buffer.isBuffer(body)) {
        try {
          await handle.writeFile(body);
        } finally {
          await handle.close();
        }
      } else await pipeline(body, handle.createWriteStream());
    },
    read: (key) => fs.readFile(resolve(key)),
    remove: (key) => fs.rm(resolve(key), { force: true }),
    publicUrl: (key) => `${FILES_PREFIX}${key}`,
    keyOf: portalKeyOf,
    tusStore: () => new FileStore({ directory: tusDirectory }),
    async adoptTusUpload(uploadId, key) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(path.join(tusDirectory, uploadId), target);
      await fs.rm(path.join(tusDirectory, `${uploadId}.json`), { force: true });
    },
  };
}

/**
 * Opens a new file for writing, making its folder only when missing: the folders of an
 * institution exist after its first upload, and an exam's thousands of answer sheets should not
 * each pay a recursive mkdir.
 */
async function openForWriting(file: string): Promise<fs.FileHandle> {
  try {
    return await fs.open(file, 'w');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(path.dirname(file), { recursive: true });
    return fs.open(file, 'w');
  }
}

function safePathname(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

function s3Storage(config: Config): Storage {
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const bucket = config.S3_BUCKET!;
  const publicBase = (config.S3_PUBLIC_URL ?? `${config.S3_ENDPOINT}/${bucket}`).replace(/\/$/, '');
  return {
    kind: 's3',
    async save(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl: (key) => `${FILES_PREFIX}${key}`,
    // Links straight to the bucket, stored by earlier versions, are still recognised as ours.
    keyOf(url) {
      if (!url.startsWith(`${publicBase}/`)) return portalKeyOf(url);
      try {
        return safeKey(decodeURIComponent(url.slice(publicBase.length + 1)));
      } catch {
        return null;
      }
    },
    signedReadUrl(key, { attachment, at }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseCacheControl: `private, max-age=${SIGNED_URL_SECONDS}`,
        ResponseContentDisposition: attachment ? `attachment; filename="${path.basename(key)}"` : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: SIGNED_URL_SECONDS, signingDate: at });
    },
    tusStore: () =>
      new S3Store({
        s3ClientConfig: {
          bucket,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: Boolean(config.S3_ENDPOINT),
          credentials:
            config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
              : undefined,
        },
      }),
    // The S3 store already wrote the object under the upload id; copy it (server-side) under the
    // portal's key, with the content type browsers need to play it.
    async adoptTusUpload(uploadId, key, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          CopySource: `${bucket}/${uploadId}`,
          Key: key,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: uploadId }));
    },
  };
}

export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) return s3Storage(config);
  return localStorage(path.join(config.dataDir, 'uploads'));
}

import { execFileSync } from 'node:child_process';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Pack } from 'tar-stream';

const CHUNK = 1024 * 1024;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Adds a file to the archive as it is now. A file that is written meanwhile keeps the size it had
 * when it was opened: a shrunk one is padded with zeros, a grown one cut (a database file copied
 * between the start and stop of an online backup is made whole again by the WAL replayed after
 * it, as pg_basebackup relies on). A file gone before it could be opened is skipped (false).
 */
export async function addFile(pack: Pack, name: string, file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r').catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!handle) return false;
  try {
    const { size, mode, mtime } = await handle.stat();
    if (size === 0) {
      await addBuffer(pack, name, Buffer.alloc(0), mode & 0o7777);
      return true;
    }
    let entry!: ReturnType<Pack['entry']>;
    const written = new Promise<void>((resolve, reject) => {
      entry = pack.entry({ name, size, mode: mode & 0o7777, mtime, type: 'file' }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    let position = 0;
    while (position < size) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      position += chunk.length;
      // bytesRead short of the chunk: the file shrank, the rest of the chunk stays zeros.
      if (bytesRead < chunk.length) position = size;
      if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
    }
    entry.end(undefined);
    await written;
    return true;
  } finally {
    await handle.close();
  }
}

export async function addBuffer(pack: Pack, name: string, content: Buffer | string, mode = 0o600) {
  const body = Buffer.from(content);
  await new Promise<void>((resolve, reject) => {
    pack.entry({ name, size: body.length, mode, mtime: new Date(), type: 'file' }, body, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

export function addDirectory(pack: Pack, name: string, mode = 0o700) {
  pack.entry({ name: `${name.replace(/\/$/, '')}/`, mode, mtime: new Date(), type: 'directory' });
}

export interface WalkOptions {
  /** Names of directories (relative, with '/') whose contents are left out; the folder stays. */
  skipContentsOf?: Set<string>;
  /** Leaves out a file or folder by its relative name and base name. */
  skip?(relative: string, base: string): boolean;
}

/** Adds a folder's files under `prefix`, in a stable order; files removed meanwhile are skipped. */
export async function addTree(pack: Pack, root: string, prefix: string, options: WalkOptions = {}) {
  async function walk(relative: string): Promise<void> {
    const entries = await fs
      .readdir(path.join(root, relative), { withFileTypes: true })
      .catch((error: unknown): Dirent[] => {
        if (isMissing(error)) return [];
        throw error;
      });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (options.skip?.(child, entry.name)) continue;
      if (entry.isDirectory()) {
        addDirectory(pack, `${prefix}${child}`);
        if (!options.skipContentsOf?.has(child)) await walk(child);
      } else if (entry.isFile()) {
        await addFile(pack, `${prefix}${child}`, path.join(root, child));
      }
    }
  }
  await walk('');
}

/**
 * The account PostgreSQL's files belong to: the `postgres` system user when the portal runs as
 * root (the embedded server never runs as root), else the portal's own (null: nothing to change).
 */
export function clusterOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Gives a folder and everything in it to `owner`. */
export async function chownTree(folder: string, owner: { uid: number; gid: number }) {
  await fs.chown(folder, owner.uid, owner.gid);
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(child, owner);
    else await fs.lchown(child, owner.uid, owner.gid);
  }
}

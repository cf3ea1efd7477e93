import fs from 'node:fs/promises';

/**
 * Which process owns an embedded cluster: a file beside it naming the portal (or seed script)
 * that runs it. A process is told apart from a later one given the same pid (after a restart, or
 * a wrap-around) by its start time and the machine's boot, where Linux's /proc tells them.
 */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks from boot to the process's start (/proc/<pid>/stat), null where unknown. */
  startedAt: string | null;
  bootId: string | null;
}

/** What /proc/<pid>/stat says of a process, or null without one (gone, or not Linux). */
export async function processStat(
  pid: number,
): Promise<{ state: string; ppid: number; startedAt: string } | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // "pid (comm) state ppid …": the name may hold spaces and parentheses, so count after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', ppid: Number(fields[1]), startedAt: fields[19] ?? '' };
}

const bootId = () =>
  fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim(),
    () => null,
  );

export async function identityOf(pid: number): Promise<ProcessIdentity> {
  return { pid, startedAt: (await processStat(pid))?.startedAt ?? null, bootId: await bootId() };
}

/** Whether a process with `pid` exists (one of another user counts). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a file named is still the one running under its pid. */
export async function isAlive(identity: ProcessIdentity): Promise<boolean> {
  if (!isRunning(identity.pid)) return false;
  const [stat, boot] = await Promise.all([processStat(identity.pid), bootId()]);
  // A killed process its parent has not yet reaped (a zombie) has ended too.
  if (stat?.state === 'Z') return false;
  if (identity.bootId && boot && identity.bootId !== boot) return false;
  return !identity.startedAt || !stat || identity.startedAt === stat.startedAt;
}

async function readOwner(file: string): Promise<ProcessIdentity | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  try {
    const owner = text ? (JSON.parse(text) as ProcessIdentity) : null;
    return Number.isInteger(owner?.pid) ? owner : null;
  } catch {
    return null;
  }
}

export interface ClusterClaim {
  /** Whether an earlier owner's file was there: without one, the cluster may predate owner files. */
  hadOwner: boolean;
  release(): Promise<void>;
}

/**
 * Makes this process the cluster's owner through `file`, created only if absent. A file whose
 * owner has ended (killed, a power cut) is taken over; one whose owner lives is refused with
 * `refusal(pid)`. Taking over renames the old file aside first, so of two processes starting at
 * once only one can remove it, and a live owner's file is put back.
 */
export async function claimCluster(file: string, refusal: (pid: number) => string): Promise<ClusterClaim> {
  const me = await identityOf(process.pid);
  let hadOwner = false;
  let lastOwner = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await fs.writeFile(file, JSON.stringify(me), { flag: 'wx', mode: 0o644 });
      return { hadOwner, release: () => releaseClaim(file, me) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    hadOwner = true;
    const owner = await readOwner(file);
    lastOwner = owner?.pid ?? lastOwner;
    if (owner && (await isAlive(owner))) throw new Error(refusal(owner.pid));
    const aside = `${file}.${process.pid}`;
    if (
      !(await fs.rename(file, aside).then(
        () => true,
        () => false,
      ))
    )
      continue;
    const taken = await readOwner(aside);
    if (taken && (await isAlive(taken))) {
      await fs.link(aside, file).catch(() => {});
      await fs.rm(aside, { force: true });
      throw new Error(refusal(taken.pid));
    }
    await fs.rm(aside, { force: true });
  }
  // Others kept taking the file over: as if one of them owned it.
  throw new Error(refusal(lastOwner));
}

async function releaseClaim(file: string, me: ProcessIdentity) {
  const owner = await readOwner(file);
  if (owner?.pid === me.pid && owner.startedAt === me.startedAt) await fs.rm(file, { force: true });
}

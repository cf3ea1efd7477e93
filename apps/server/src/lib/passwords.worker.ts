// Runs in a worker thread of lib/passwords.ts: argon2 synchronously on this (lowered-priority)
// thread, not on libuv's shared thread pool, whose threads run at the server's full priority.
import { hashSync, type Options, verifySync } from '@node-rs/argon2';

export type PasswordTask =
  | { kind: 'hash'; password: string; options?: Options }
  | { kind: 'verify'; hash: string; password: string };

export default function run(task: PasswordTask): string | boolean {
  if (task.kind === 'hash') return hashSync(task.password, task.options);
  try {
    return verifySync(task.hash, task.password);
  } catch {
    return false;
  }
}

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Sends archive and unarchive of one person at the same time, round after round, and checks that
 * both of their rows (profile and login) end in the state of the answer that arrived last.
 */
export async function expectLastAnswerWins(options: {
  archive: () => Promise<LightMyRequestResponse>;
  unarchive: () => Promise<LightMyRequestResponse>;
  archivedRows: () => Promise<{ profile: boolean; login: boolean }>;
  rounds?: number;
}) {
  for (let round = 0; round < (options.rounds ?? 40); round += 1) {
    const answered: boolean[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const archive = (index + round) % 2 === 0;
        const response = await (archive ? options.archive() : options.unarchive());
        expect(response.statusCode, response.body).toBe(200);
        answered.push(archive);
      }),
    );
    const last = answered.at(-1)!;
    expect(await options.archivedRows()).toEqual({ profile: last, login: last });
  }
}

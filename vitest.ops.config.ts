import { defineConfig } from 'vitest/config';

// `npm run test:ops`: the operations tests (backup during an exam, the read replica, two instances
// behind nginx). Each starts its own PostgreSQL clusters, so they run apart from `npm test`, one
// file at a time, in CI's separate step.
export default defineConfig({
  test: {
    maxWorkers: 1,
    passWithNoTests: false,
    projects: [
      {
        test: {
          name: 'ops',
          root: './apps/server',
          include: ['src/**/*.ops.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});

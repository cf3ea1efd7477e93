import { defineConfig } from 'vitest/config';

// One embedded PostgreSQL for the whole run (global setup); each API test file gets its own database.
export default defineConfig({
  test: {
    // Two cores: two test files at a time (each server file clones its own database).
    maxWorkers: 2,
    passWithNoTests: false,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          // The operations tests run in their own step (vitest.ops.config.ts, npm run test:ops).
          exclude: ['src/**/*.ops.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});

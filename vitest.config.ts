import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'domain/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'machines/**/*.test.ts',
      'server/**/*.test.ts',
      'widgets/**/*.test.{ts,tsx}',
      'tests/server/**/*.test.ts',
      'tests/architecture/**/*.test.ts',
      'tests/deploy/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // Vitest's default leaves a core to its own process (one worker on two cores), which idles here: the server
    // tests spend most of their time waiting on PostgreSQL and their HTTP servers
    maxWorkers: 2,
    // server tests start PostgreSQL, PGlite and HTTP servers
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

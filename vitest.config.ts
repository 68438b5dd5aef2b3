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
    ],
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // server tests start PostgreSQL, PGlite and HTTP servers
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

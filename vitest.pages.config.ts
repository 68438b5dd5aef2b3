import { defineConfig } from 'vitest/config';

/**
 * `npm run test:pages`, after `npm run build`: checks of the prerendered HTML in dist/client (head
 * tags, alternates, disclosures, language links, content rules), parsed without running their scripts. The
 * unit tests' `vitest run` (vitest.config.ts) does not include them: they need the build.
 */
export default defineConfig({
  test: {
    include: ['tests/pages/**/*.test.ts'],
    // jsdom's DOMParser reads the pages; none of their scripts runs
    environment: 'jsdom',
  },
});

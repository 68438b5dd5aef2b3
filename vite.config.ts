import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The site's browser entries: every page's script, and the applicant workflow's. */
const SITE_INPUTS = { site: 'src/routes/site-client.ts', workflow: 'src/routes/workflow-client.ts' };

/**
 * The widgets' pages, built apart (`vite build --mode widgets`): they run inside publishers' pages,
 * where the browser's cache is partitioned by the top-level site and shares nothing with the site's
 * own visits, so their chunks are cut for them alone and the site's chunks stay as they were.
 */
const WIDGET_INPUTS = {
  'widget-calculator': 'widgets/frames/calculator-frame.tsx',
  'widget-application': 'widgets/frames/application-frame.tsx',
  'widget-identified': 'widgets/frames/identified-page.ts',
  // the publishers page's snippet generator: react-aria and zod, like the widgets, unlike the site's pages
  publishers: 'src/routes/publishers-client.ts',
  // the personal account and the pages of coming back: react-aria and zod, only on those pages
  account: 'src/routes/account-client.ts',
};

/**
 * Three builds from one config: the site's browser bundle (`vite build`), the widgets' (`--mode
 * widgets`) and the prerenderer (`vite build --ssr src/routes/entry-server.tsx`). Pages are
 * prerendered HTML; the browser bundle is one small entry plus lazily loaded islands.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false, target: 'node24' }
    : {
        outDir: 'dist/client',
        emptyOutDir: mode !== 'widgets',
        copyPublicDir: mode !== 'widgets',
        manifest: mode === 'widgets' ? '.vite/widgets-manifest.json' : true,
        assetsDir: mode === 'widgets' ? 'assets/widgets' : 'assets',
        target: 'es2022',
        assetsInlineLimit: 0,
        rollupOptions: { input: mode === 'widgets' ? WIDGET_INPUTS : SITE_INPUTS },
      },
  ssr: { noExternal: isSsrBuild ? [] : undefined },
}));

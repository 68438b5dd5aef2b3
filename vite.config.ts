import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Two builds from one config: the browser bundle (`vite build`) and the prerenderer
 * (`vite build --ssr src/routes/entry-server.tsx`). Pages are prerendered HTML; the browser
 * bundle is one small entry plus lazily loaded islands.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false, target: 'node24' }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        assetsInlineLimit: 0,
        rollupOptions: {
          input: {
            site: 'src/routes/site-client.ts',
            workflow: 'src/routes/workflow-client.ts',
            'widget-calculator': 'widgets/frames/calculator-frame.tsx',
            'widget-application': 'widgets/frames/application-frame.tsx',
            'widget-identified': 'widgets/frames/identified-page.ts',
          },
        },
      },
  ssr: { noExternal: isSsrBuild ? [] : undefined },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The site's browser entries: every page's script, and the applicant workflow's. */
const SITE_INPUTS = { site: 'src/entries/site-client.ts', workflow: 'src/entries/workflow-client.ts' };

/**
 * The widgets' pages, built apart from the site and from each other (`vite build --mode widgets-<name>`,
 * all of them by scripts/build-widgets.ts): they run inside publishers' pages, where the browser's cache is
 * partitioned by the top-level site and shares nothing with the site's own visits. Built alone, a frame's
 * chunks carry only what it uses: in one build with the account's page, a shared module would come with the
 * exports every entry uses (react-aria's whole FocusScope for the account's dialog would reach the
 * application widget), and 2.3 kB more of gzip would reach the calculator widget.
 */
export const WIDGET_BUILDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  calculator: { 'widget-calculator': 'widgets/frames/calculator-frame.tsx' },
  application: { 'widget-application': 'widgets/frames/application-frame.tsx' },
  identified: { 'widget-identified': 'widgets/frames/identified-page.ts' },
  // the publishers page's snippet generator, the personal account and the staff's page: react-aria and zod, only
  // on those pages
  pages: {
    publishers: 'src/entries/publishers-client.ts',
    account: 'src/entries/account-client.ts',
    staff: 'src/entries/staff-client.ts',
  },
};
const widgetBuildOf = (mode: string) => (mode.startsWith('widgets-') ? mode.slice('widgets-'.length) : null);

/**
 * Builds from one config: the site's browser bundle (`vite build`), each widget build's (`--mode
 * widgets-<name>`) and the prerenderer (`vite build --ssr src/entries/entry-server.tsx`). Pages are
 * prerendered HTML; the browser bundle is one small entry plus lazily loaded islands.
 */
export default defineConfig(({ isSsrBuild, mode }) => {
  const widgetBuild = widgetBuildOf(mode);
  const widgetInputs = widgetBuild ? WIDGET_BUILDS[widgetBuild] : undefined;
  if (widgetBuild && !widgetInputs) throw new Error(`no widget build named ${widgetBuild}`);
  return {
    plugins: [react()],
    publicDir: 'public',
    build: isSsrBuild
      ? { outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false, target: 'node24' }
      : {
          outDir: 'dist/client',
          emptyOutDir: !widgetInputs,
          copyPublicDir: !widgetInputs,
          manifest: widgetInputs ? `.vite/widgets-${widgetBuild}-manifest.json` : true,
          assetsDir: widgetInputs ? 'assets/widgets' : 'assets',
          target: 'es2022',
          assetsInlineLimit: 0,
          rollupOptions: { input: widgetInputs ?? SITE_INPUTS },
        },
    ssr: { noExternal: isSsrBuild ? [] : undefined },
  };
});

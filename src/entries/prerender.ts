/**
 * Writes every page of the registry as static HTML into dist/client, plus the not-found pages,
 * sitemap.xml, robots.txt and the legal fragments at /assets/files/{name}.html.
 * Runs after both Vite builds: `node src/entries/prerender.ts`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as EntryServer from './entry-server.tsx';
import { PRERENDERED_FIRST_STEPS } from '../../domain/preselection.ts';
import { firstStepPageName } from '../../domain/wizard-paths.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = join(root, 'dist/client');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const readManifest = async (name: string) =>
  JSON.parse(await readFile(join(clientDir, '.vite', name), 'utf8')) as Manifest;
/** The site's build and each widget build (vite.config.ts's WIDGET_BUILDS), each with a manifest of its own. */
const siteManifest = await readManifest('manifest.json');
const widgetsManifest = async (build: 'calculator' | 'application' | 'identified' | 'pages') =>
  readManifest(`widgets-${build}-manifest.json`);

interface BuiltEntry {
  readonly chunk: ManifestChunk;
  readonly manifest: Manifest;
}
const entryOf = (key: string, manifest: Manifest = siteManifest): BuiltEntry => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the client build has no ${key} entry`);
  return { chunk, manifest };
};
const entry = entryOf('src/entries/site-client.ts').chunk;
const workflowEntry = entryOf('src/entries/workflow-client.ts');

/** Every chunk an entry imports statically, and their styles. */
function staticImports(chunk: ManifestChunk, manifest: Manifest, seen = new Set<string>()): ManifestChunk[] {
  const found: ManifestChunk[] = [];
  for (const key of chunk.imports ?? []) {
    const imported = manifest[key];
    if (!imported || seen.has(key)) continue;
    seen.add(key);
    found.push(imported, ...staticImports(imported, manifest, seen));
  }
  return found;
}

const ssr = (await import(join(root, 'dist/ssr/entry-server.js'))) as typeof EntryServer;

const siteImports = staticImports(entry, siteManifest).map((chunk) => `/${chunk.file}`);
const assetsFor = (): EntryServer.PageAssets => ({
  script: `/${entry.file}`,
  modulePreloads: siteImports,
  styles: (entry.css ?? []).map((file) => `/${file}`),
  // none: the site's pages load their fonts after the first paint (load-web-fonts.ts); a widget's frame finds its
  // face in its style sheet, and none when it takes the publisher's font (`theme: inherit`), which a preload in
  // the frame's one page for every theme would fetch all the same
  fontPreloads: [],
});

/** A page whose own entry brings its styles, with its static imports preloaded at once. */
const entryAssetsFor = ({ chunk: entryChunk, manifest }: BuiltEntry): EntryServer.PageAssets => {
  const chunks = staticImports(entryChunk, manifest);
  return {
    ...assetsFor(),
    script: `/${entryChunk.file}`,
    modulePreloads: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set([entryChunk, ...chunks].flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
};
const workflowAssets = entryAssetsFor(workflowEntry);
/** An entry's assets with the styles of the code it imports at the first move (`later`) in the head as well. */
const withStylesOf = (assets: EntryServer.PageAssets, later: BuiltEntry): EntryServer.PageAssets => {
  const styles = [later.chunk, ...staticImports(later.chunk, later.manifest)].flatMap((chunk) => chunk.css ?? []);
  return { ...assets, styles: [...new Set([...assets.styles, ...styles.map((file) => `/${file}`)])] };
};
/**
 * The first step's pages, the site's and the application widget's: their form is drawn before the wizard's code
 * comes (the dynamic import their entry makes at the first move), so that code's styles are in the head.
 */
const firstStepAssets = withStylesOf(workflowAssets, entryOf('src/features/application/start-workflow.tsx'));
const applicationManifest = await widgetsManifest('application');
const widgetAssetsFor = {
  calculator: entryAssetsFor(entryOf('widgets/frames/calculator-frame.tsx', await widgetsManifest('calculator'))),
  application: withStylesOf(
    entryAssetsFor(entryOf('widgets/frames/application-frame.tsx', applicationManifest)),
    entryOf('widgets/frames/application-workflow.tsx', applicationManifest),
  ),
  identified: entryAssetsFor(entryOf('widgets/frames/identified-page.ts', await widgetsManifest('identified'))),
};

async function write(relative: string, content: string): Promise<void> {
  const target = join(clientDir, relative);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, content);
}

const pagePath = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

let count = 0;
const pagesManifest = await widgetsManifest('pages');
const publishersEntry = entryOf('src/entries/publishers-client.ts', pagesManifest);
const accountEntry = entryOf('src/entries/account-client.ts', pagesManifest);
const staffEntry = entryOf('src/entries/staff-client.ts', pagesManifest);
/** Pages with a script of their own beside the site's: the snippet generator's, the account's. */
const OWN_ENTRIES: Readonly<Record<string, typeof publishersEntry>> = {
  publishers: publishersEntry,
  account: accountEntry,
  smsOptOut: accountEntry,
  unsubscribe: accountEntry,
};
const pageAssetsFor = (lang: 'lv' | 'ru', pageId: string): EntryServer.PageAssets => {
  const assets = assetsFor();
  const entry = OWN_ENTRIES[pageId];
  if (!entry) return assets;
  const own = entryAssetsFor(entry);
  return {
    ...assets,
    pageScript: own.script,
    modulePreloads: [...new Set([...siteImports, ...(own.modulePreloads ?? [])])],
    styles: [...new Set([...assets.styles, ...own.styles])],
  };
};

for (const page of ssr.prerenderAll(pageAssetsFor)) {
  await write(pagePath(page.path), page.html);
  count++;
}
for (const lang of ['lv', 'ru'] as const) {
  await write(`_not-found.${lang}.html`, ssr.renderNotFound(lang, assetsFor()));
  if (lang === 'lv') await write('_staff.html', ssr.renderStaffShell(entryAssetsFor(staffEntry)));
  await write(`_workflow.${lang}.html`, ssr.renderWorkflowShell(lang, workflowAssets));
  for (const [key, preselection] of PRERENDERED_FIRST_STEPS) {
    const html = await ssr.renderWorkflowFirstStep(lang, firstStepAssets, key, preselection);
    await write(`${firstStepPageName(key)}.${lang}.html`, html);
  }
  await write(`_widget-calculator.${lang}.html`, ssr.renderWidgetFrame('calculator', lang, widgetAssetsFor.calculator));
  await write(`_widget-application.${lang}.html`, await ssr.renderApplicationFrame(lang, widgetAssetsFor.application));
  await write(`_widget-identify.${lang}.html`, ssr.renderIdentifyPage(lang, widgetAssetsFor.identified));
  for (const result of ['confirmed', 'failed', 'signed'] as const) {
    await write(
      `_widget-identified-${result}.${lang}.html`,
      ssr.renderIdentifiedPage(result, lang, widgetAssetsFor.identified),
    );
  }
}
await write('sitemap.xml', ssr.sitemapXml());
await write('robots.txt', ssr.robotsTxt());
for (const fragment of ssr.publishedFragments()) await write(`assets/files/${fragment.name}.html`, fragment.html);

console.log(`prerendered ${count} pages into ${clientDir}`);

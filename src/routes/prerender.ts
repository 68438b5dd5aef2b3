/**
 * Writes every page of the registry as static HTML into dist/client, plus the not-found pages,
 * sitemap.xml, robots.txt and the legal fragments at /assets/files/{name}.html.
 * Runs after both Vite builds: `node src/routes/prerender.ts`.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as EntryServer from './entry-server.tsx';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = join(root, 'dist/client');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const entry = manifest['src/routes/site-client.ts'];
if (!entry) throw new Error('the client build has no src/routes/site-client.ts entry');

const entryOf = (key: string): ManifestChunk => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the client build has no ${key} entry`);
  return chunk;
};
const workflowEntry = entryOf('src/routes/workflow-client.ts');

/** Every chunk an entry imports statically, and their styles. */
function staticImports(chunk: ManifestChunk, seen = new Set<string>()): ManifestChunk[] {
  const found: ManifestChunk[] = [];
  for (const key of chunk.imports ?? []) {
    const imported = manifest[key];
    if (!imported || seen.has(key)) continue;
    seen.add(key);
    found.push(imported, ...staticImports(imported, seen));
  }
  return found;
}

const builtAssets = await readdir(join(clientDir, 'assets'));
const font = (name: string) => {
  const file = builtAssets.find((candidate) => candidate.startsWith(name) && candidate.endsWith('.woff2'));
  return file ? [`/assets/${file}`] : [];
};

const ssr = (await import(join(root, 'dist/ssr/entry-server.js'))) as typeof EntryServer;

const assetsFor = (lang: 'lv' | 'ru'): EntryServer.PageAssets => ({
  script: `/${entry.file}`,
  styles: (entry.css ?? []).map((file) => `/${file}`),
  fontPreloads: [
    ...font(lang === 'ru' ? 'open-sans-cyrillic-400-normal' : 'open-sans-latin-400-normal'),
    ...font('poppins-latin-700-normal'),
  ],
});

/** A page whose own entry brings its styles, with its static imports preloaded at once. */
const entryAssetsFor =
  (entryChunk: ManifestChunk) =>
  (lang: 'lv' | 'ru'): EntryServer.PageAssets => {
    const chunks = staticImports(entryChunk);
    return {
      ...assetsFor(lang),
      script: `/${entryChunk.file}`,
      modulePreloads: chunks.map((chunk) => `/${chunk.file}`),
      styles: [...new Set([entryChunk, ...chunks].flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
    };
  };
const workflowAssetsFor = entryAssetsFor(workflowEntry);
const widgetAssetsFor = {
  calculator: entryAssetsFor(entryOf('widgets/frames/calculator-frame.tsx')),
  application: entryAssetsFor(entryOf('widgets/frames/application-frame.tsx')),
  identified: entryAssetsFor(entryOf('widgets/frames/identified-page.ts')),
};

async function write(relative: string, content: string): Promise<void> {
  const target = join(clientDir, relative);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, content);
}

const pagePath = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

let count = 0;
for (const page of ssr.prerenderAll(assetsFor)) {
  await write(pagePath(page.path), page.html);
  count++;
}
for (const lang of ['lv', 'ru'] as const) {
  await write(`_not-found.${lang}.html`, ssr.renderNotFound(lang, assetsFor(lang)));
  await write(`_workflow.${lang}.html`, ssr.renderWorkflowShell(lang, workflowAssetsFor(lang)));
  for (const kind of ['calculator', 'application'] as const) {
    await write(`_widget-${kind}.${lang}.html`, ssr.renderWidgetFrame(kind, lang, widgetAssetsFor[kind](lang)));
  }
  for (const result of ['confirmed', 'failed'] as const) {
    await write(
      `_widget-identified-${result}.${lang}.html`,
      ssr.renderIdentifiedPage(result, lang, widgetAssetsFor.identified(lang)),
    );
  }
}
await write('sitemap.xml', ssr.sitemapXml());
await write('robots.txt', ssr.robotsTxt());
for (const fragment of ssr.publishedFragments()) await write(`assets/files/${fragment.name}.html`, fragment.html);

console.log(`prerendered ${count} pages into ${clientDir}`);

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

const workflowEntry = manifest['src/routes/workflow-client.ts'];
if (!workflowEntry) throw new Error('the client build has no src/routes/workflow-client.ts entry');

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

const workflowChunks = staticImports(workflowEntry);
const workflowAssetsFor = (lang: 'lv' | 'ru'): EntryServer.PageAssets => ({
  ...assetsFor(lang),
  script: `/${workflowEntry.file}`,
  modulePreloads: workflowChunks.map((chunk) => `/${chunk.file}`),
  styles: [...new Set([workflowEntry, ...workflowChunks].flatMap((chunk) => chunk.css ?? []))].map(
    (file) => `/${file}`,
  ),
});

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
}
await write('sitemap.xml', ssr.sitemapXml());
await write('robots.txt', ssr.robotsTxt());
for (const fragment of ssr.publishedFragments()) await write(`assets/files/${fragment.name}.html`, fragment.html);

console.log(`prerendered ${count} pages into ${clientDir}`);

/**
 * Builds the two scripts that run on publisher pages, after the site's build (`npm run build`):
 * the host script, as one classic script under a hashed name (cached for good), then the loader
 * at the fixed /widget/v1/loader.js with that name written in. Both are IIFEs: no module loading,
 * no CORS, nothing leaking into the publisher's globals but `LoanWidget`.
 */
import { build, type Rolldown } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/client/widget/v1/', import.meta.url));

async function bundle(entry: string, fileName: string, define: Record<string, string> = {}): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2020',
      minify: true,
      rollupOptions: { input: entry, output: { format: 'iife', entryFileNames: fileName } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk' && item.isEntry);
  if (!chunk) throw new Error(`building ${entry} produced no script`);
  return chunk.fileName;
}

const hostScript = await bundle('widgets/host/host-script.ts', 'host-[hash].js');
const loader = await bundle('widgets/loader/loader.ts', 'loader.js', { __HOST_SCRIPT__: JSON.stringify(hostScript) });
console.log(`widget scripts: ${outDir}${loader} → ${hostScript}`);

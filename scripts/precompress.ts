/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text asset of the
 * build (dist/client: scripts, styles, SVG, JSON, XML, plain text), the last step of `npm run build`.
 * The server's static files (@fastify/static `preCompressed`) send the copy the browser accepts, so
 * no asset is compressed per request, and at strengths too slow to use per request. A copy that
 * would not be smaller is not written. Pages are not files the server sends as they are (it reads
 * them at start), so they are left to the server's own compression.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const CLIENT_DIR = fileURLToPath(new URL('../dist/client', import.meta.url));
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest', '.map']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

let files = 0;
let original = 0;
let asBrotli = 0;
for await (const path of filesUnder(CLIENT_DIR)) {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
  files += 1;
  original += content.length;
  asBrotli += Math.min(br.length, content.length);
}
console.log(
  `precompressed ${files} assets: ${(original / 1024).toFixed(0)} kB, ${(asBrotli / 1024).toFixed(0)} kB as brotli`,
);

import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { HOST } from '../bench-processes.ts';
import { articlePage, VARIANTS } from './article.ts';

/** The publisher's site: the article's forms, compressed when asked (as a publisher's server would), nothing else. */
export function startPublisher(port: number, productOrigin: string): Promise<Server> {
  const pages = new Map<string, { html: Buffer; gzip: Buffer }>(
    VARIANTS.map(({ path, widget }) => {
      const html = Buffer.from(articlePage(productOrigin, widget));
      return [path, { html, gzip: gzipSync(html) }];
    }),
  );
  const server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://publisher').pathname);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? page.gzip : page.html);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve(server));
  });
}

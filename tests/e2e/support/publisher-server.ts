/**
 * A publisher's web site for the widget tests: static pages from tests/e2e/publisher on another
 * origin than the product (another port), with the product's origin written into them; `?server=paced`
 * writes the paced server's instead (lenders answering one by one, a payout seconds after signing). The
 * same server answers as http://localhost:PORT too, a third origin for the "wrong origin" test. A test
 * may PUT a page of its own (`/pasted-NAME.html`, such as a snippet copied from the publishers'
 * page): a page the browser fetches from this server, not one a test fakes, which Chromium would
 * refuse to let load scripts from the loopback product server.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const port = Number(process.env.PUBLISHER_PORT ?? 4312);
const productOrigin = process.env.PRODUCT_ORIGIN ?? 'http://127.0.0.1:4310';
const pacedOrigin = process.env.PACED_ORIGIN ?? 'http://127.0.0.1:4311';
const pagesDir = join(import.meta.dirname, '../publisher');

const pasted = new Map<string, string>();
const PASTED = /^pasted-[\w-]{1,40}\.html$/;

createServer((request, response) => {
  const address = new URL(request.url ?? '/', 'http://publisher');
  const path = address.pathname;
  const origin = address.searchParams.get('server') === 'paced' ? pacedOrigin : productOrigin;
  const name = path === '/' ? 'index.html' : path.slice(1);
  if (PASTED.test(name)) {
    if (request.method === 'PUT') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        pasted.set(name, Buffer.concat(chunks).toString('utf8').slice(0, 100_000));
        response.writeHead(204).end();
      });
      return;
    }
    const html = pasted.get(name);
    if (html === undefined) response.writeHead(404).end('not found');
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    return;
  }
  if (!/^[\w-]+\.html$/.test(name)) {
    response.writeHead(404).end('not found');
    return;
  }
  readFile(join(pagesDir, name), 'utf8').then(
    (html) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html.replaceAll('%PRODUCT_ORIGIN%', origin));
    },
    () => response.writeHead(404).end('not found'),
  );
}).listen(port, '127.0.0.1');

import { negotiate } from '@fastify/accept-negotiator';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Broker } from '../broker.ts';
import {
  apiReference,
  apiReferenceScript,
  apiReferenceScriptLicences,
  apiReferenceStart,
  openApiDocument,
} from '../../domain/contract/unpublished.ts';
import { privateRoute } from './route.ts';
import { perMinute } from './route-options.ts';

const require = createRequire(import.meta.url);
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');
const REDOC_VERSION = (require('redoc/package.json') as { version: string }).version;

/**
 * The reference page is a document served from the API, whose own policy lets an answer load
 * nothing. This one loads its scripts and the OpenAPI document from this origin, and nothing inline
 * or from elsewhere but the style elements Redoc writes at run time (styled-components), which carry
 * this answer's nonce: no style attribute or element without it is applied.
 */
const pagePolicy = (nonce: string) =>
  `default-src 'none'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; ` +
  "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Redoc reads its options from the element's attributes; the start script gives it the document and
 * the nonce. Search is off: Redoc runs it in a worker made from a blob, which the policy would have to allow.
 */
const page = (nonce: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kreditkompass API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <meta
      name="description"
      content="The Kreditkompass broker API: applications, identification, offers, the account and the publisher report. Error messages come in Latvian or Russian."
    />
    <style nonce="${nonce}">
      body { margin: 0; }
    </style>
  </head>
  <body>
    <noscript>
      <p>The reference needs JavaScript. The OpenAPI document itself is at <a href="${openApiDocument.path}">${openApiDocument.path}</a>.</p>
    </noscript>
    <redoc
      disable-search
      required-props-first
      expand-responses="200,201,202"
      theme='{"typography":{"fontFamily":"system-ui, sans-serif","headings":{"fontFamily":"system-ui, sans-serif"}}}'
    ></redoc>
    <script src="${apiReferenceStart.path}" nonce="${nonce}"></script>
    <script src="${apiReferenceScript.path}?v=${REDOC_VERSION}"></script>
  </body>
</html>
`;

/**
 * Runs before Redoc's script. Redoc's style loader and styled-components create their style
 * elements as soon as that script runs, before any option of Redoc's could pass them a nonce, so
 * every style element this page creates gets the page's nonce (the browser hides the attribute, not
 * the script's `nonce` property). Redoc starts once its script has run.
 */
const START_SCRIPT = `(() => {
  const nonce = document.currentScript.nonce;
  const createElement = document.createElement.bind(document);
  document.createElement = (name, options) => {
    const element = createElement(name, options);
    if (String(name).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
  addEventListener('DOMContentLoaded', () =>
    Redoc.init('${openApiDocument.path}', { nonce }, document.querySelector('redoc')),
  );
})();
`;

/**
 * Redoc's menu always shows Redocly's logo from their CDN, which this page's policy refuses (a
 * violation on every visit, and a request to a third party attempted): the same image element gets
 * a transparent pixel instead, and the words "API docs by Redocly" stay. tests/e2e/api-docs.spec.ts
 * notices when a new Redoc loads it some other way.
 */
const REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const TRANSPARENT_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';
const withoutRemoteLogo = (script: string) => script.replaceAll(REMOTE_LOGO, TRANSPARENT_PIXEL);

type Encoding = 'br' | 'gzip' | 'identity';

/** Compressed once, on the first request for it: a megabyte of script that only this page loads. */
function bundleEncodings(): (encoding: Encoding) => Promise<Buffer> {
  let raw: Promise<Buffer> | undefined;
  const cache = new Map<Encoding, Promise<Buffer>>();
  const read = () => (raw ??= readFile(REDOC_BUNDLE, 'utf8').then((script) => Buffer.from(withoutRemoteLogo(script))));
  const encode: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
    identity: async (bytes) => bytes,
    gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
    br: (bytes) =>
      promisify(brotliCompress)(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
  };
  return (encoding) => {
    let bytes = cache.get(encoding);
    if (!bytes) {
      bytes = read().then(encode[encoding]);
      cache.set(encoding, bytes);
    }
    return bytes;
  };
}

/** The encoding the request accepts by its weights (`br;q=0` refuses brotli), as @fastify/static chooses. */
const preferredEncoding = (request: FastifyRequest): Encoding =>
  (negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']) as Encoding | null) ?? 'identity';

/** A readable reference of the OpenAPI document (the contract's apiReference), by Redoc, served from this origin. */
export function registerApiDocs(app: FastifyInstance, broker: Broker): void {
  const bundle = bundleEncodings();

  privateRoute(app, apiReference, { config: perMinute(broker, 60) }, async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', pagePolicy(nonce))
        // a nonce is never reused: every visit gets a page of its own
        .header('cache-control', 'no-store')
        .send(page(nonce))
    );
  });

  privateRoute(app, apiReferenceStart, { config: perMinute(broker, 60) }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(START_SCRIPT),
  );

  privateRoute(
    app,
    apiReferenceScript,
    { config: perMinute(broker, 60) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const encoding = preferredEncoding(request);
      const body = await bundle(encoding);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return (
        reply
          .type('text/javascript; charset=utf-8')
          .header('vary', 'accept-encoding')
          // the page names the version in the address: a new Redoc is a new address
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(body)
      );
    },
  );

  privateRoute(app, apiReferenceScriptLicences, { config: perMinute(broker, 60) }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(`${REDOC_BUNDLE}.LICENSE.txt`)),
  );
}

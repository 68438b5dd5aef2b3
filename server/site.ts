import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { allPagePaths, languageOfPath } from '../domain/site-pages.ts';
import { LANGUAGES, type Language } from '../domain/language.ts';
import {
  firstStepPageName,
  prerenderedFirstStepOf,
  WORKFLOW_BASES,
  WORKFLOW_STEPS,
  pathOfStep,
} from '../domain/wizard-paths.ts';
import { PRERENDERED_FIRST_STEPS } from '../domain/preselection.ts';
import {
  loaderUrlOf,
  originInText,
  PRERENDERED_LOADER_URL,
  PRERENDERED_ORIGIN_IN_TEXT,
} from '../domain/widget-protocol/loader-url.ts';
import { WIDGET_IDENTIFY_PATH } from '../domain/widget-protocol/constants.ts';
import { ApiProblem } from './http/problem.ts';
import type { AllowedMethods } from './http/allowed-methods.ts';
import { registerPageConsentPolicy, widgetFrameSecurityHeaders } from './http/security-headers.ts';
import { STAFF_PAGE_PATH } from './staff/members.ts';

/** Where a prerendered page lives in the build: / → index.html, /ru/x → ru/x/index.html. */
const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A host as a browser sends it: a name or an IPv4 or bracketed IPv6 address, and maybe a port. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin a page was asked at, when its Host is well formed; else null. */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  return SAFE_HOST.test(request.host) ? `${request.protocol}://${request.host.toLowerCase()}` : null;
}

/** A page's loader address and the origin its text names, for the server at `origin`. */
const withOrigin = (html: string, origin: string): string =>
  html
    .replaceAll(PRERENDERED_LOADER_URL, loaderUrlOf(origin))
    .replaceAll(PRERENDERED_ORIGIN_IN_TEXT, originInText(origin));

export interface SiteOptions {
  /** PUBLIC_BASE_URL's origin: the snippets on the publishers' page name it; null: the origin the page was asked at */
  readonly publicOrigin: string | null;
  /** the methods each path takes, for the 405 of a method it does not */
  readonly allowedMethods?: AllowedMethods;
}

/** A prerendered page written once per language (`<name>.<lang>.html`). */
const pageInEachLanguage = async (clientDir: string, name: string) =>
  Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (lang) => [lang, await readFile(join(clientDir, `${name}.${lang}.html`), 'utf8')]),
    ),
  ) as Record<Language, string>;

/**
 * Every step of the applicant workflow is one page; the wizard reads its step from the path. A path under the
 * workflow that names no step is not a page: the site's 404, never an empty form.
 */
async function registerWorkflowPages(app: FastifyInstance, clientDir: string): Promise<void> {
  const workflow = await pageInEachLanguage(clientDir, '_workflow');
  // the form itself, prerendered: where most people open the workflow, and what they see before any script; one for
  // a person who starts afresh and one for each loan the site's own links preselect
  const firstSteps = new Map<string, Record<Language, string>>();
  for (const key of PRERENDERED_FIRST_STEPS.keys()) {
    firstSteps.set(key, await pageInEachLanguage(clientDir, firstStepPageName(key)));
  }
  for (const base of WORKFLOW_BASES) {
    for (const lang of LANGUAGES) {
      const prefix = lang === 'ru' ? `/ru/${base}` : `/${base}`;
      const sender = (html: string) => (_request: unknown, reply: FastifyReply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      for (const step of WORKFLOW_STEPS) {
        if (step !== 'enteringEssence') app.get(`${prefix}/${step}`, sender(workflow[lang]));
      }
      app.get(`${prefix}/enteringEssence`, (request, reply) => {
        const query = request.url.indexOf('?');
        const params = new URLSearchParams(query === -1 ? '' : request.url.slice(query + 1));
        const key = prerenderedFirstStepOf(params);
        const firstStep = key === null ? undefined : firstSteps.get(key);
        return sender(firstStep ? firstStep[lang] : workflow[lang])(request, reply);
      });
      // the bare base is where an application starts: its first step, the query (`?type=`) kept
      app.get(prefix, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(
          `${pathOfStep('enteringEssence', lang, base)}${query === -1 ? '' : request.url.slice(query)}`,
          302,
        );
      });
    }
  }
}

/**
 * The public site: prerendered pages from memory, built assets from disk, and the not-found page
 * in the language of the path with status 404. Pages that show the widget loader's address (the
 * publishers' page and its snippet generator's props) name this server's, not production's: a
 * staging or local installation hands out snippets that load from itself.
 */
export async function registerSite(
  app: FastifyInstance,
  clientDir: string,
  { publicOrigin, allowedMethods }: SiteOptions = { publicOrigin: null },
): Promise<void> {
  registerPageConsentPolicy(app);
  const pages = new Map<string, string>();
  const withLoader = new Set<string>();
  for (const path of allPagePaths()) {
    let html = await readFile(join(clientDir, pageFile(path)), 'utf8');
    if (html.includes(PRERENDERED_LOADER_URL)) {
      if (publicOrigin) html = withOrigin(html, publicOrigin);
      else withLoader.add(path);
    }
    pages.set(path, html);
  }
  const pageFor = (path: string, html: string, request: FastifyRequest): string => {
    if (!withLoader.has(path)) return html;
    const origin = requestOrigin(request);
    return origin ? withOrigin(html, origin) : html;
  };
  const notFound = await pageInEachLanguage(clientDir, '_not-found');

  await registerStaffPage(app, clientDir);
  await registerWorkflowPages(app, clientDir);

  await registerWidgetPages(app, clientDir);

  // browsers, feed readers and bookmarks ask for /favicon.ico whatever the page names; the icon is an SVG
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  for (const [path, html] of pages) {
    app.get(path, (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pageFor(path, html, request)),
    );
    if (path !== '/') {
      app.get(`${path}/`, (_request, reply) => reply.redirect(path, 301));
    }
  }

  notFoundForOverlongSegments(app);
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: true,
    // the build writes .br and .gz copies of every text asset (scripts/precompress.ts): sent as they are
    preCompressed: true,
    allowedPath: (pathName) => !pathName.endsWith('.html') || pathName.startsWith('/assets/files/'),
    setHeaders: (reply, filePath) => {
      // a precompressed copy (loader.js.br) is the same asset as its file (loader.js)
      const relative = filePath.slice(clientDir.length).replace(/\.(br|gz)$/, '');
      // the loader and host script run on publisher pages of any origin
      if (relative.startsWith(`${WIDGET_BASE}/`)) reply.header('cross-origin-resource-policy', 'cross-origin');
      // Hashed build output never changes; legal fragments, root files and the loader may.
      if (relative === `${WIDGET_BASE}/loader.js`) reply.header('cache-control', WIDGET_LOADER_CACHE);
      else if (relative.startsWith(`${WIDGET_BASE}/`)) reply.header('cache-control', IMMUTABLE);
      else if (relative.startsWith('/assets/files/')) reply.header('cache-control', 'public, max-age=300');
      else if (relative.startsWith('/assets/')) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    allowedMethods?.refuseOtherMethod(request, reply);
    const lang = languageOfPath(request.url.split('?')[0] ?? '/');
    if (request.url.startsWith('/api/')) throw new ApiProblem(404, 'notFound');
    return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(notFound[lang]);
  });
}

const WIDGET_BASE = '/widget/v1';
/** The longest file name the file systems we run on take, in bytes. */
const MAX_NAME_BYTES = 255;
const hasOverlongSegment = (pathName: string): boolean =>
  pathName.split('/').some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES);

/** A segment longer than any file name is no file: the static files' spelling check would answer 403, not 404. */
function notFoundForOverlongSegments(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasOverlongSegment(request.url.split('?')[0] ?? '/')) return;
    reply.callNotFound();
    return reply;
  });
}
/** Publishers get a new loader within five minutes; it only points at the hashed host script. */
const WIDGET_LOADER_CACHE = 'public, max-age=300';

const pick = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};
const langOf = (query: unknown): Language => (pick(query, 'lang') === 'ru' ? 'ru' : 'lv');
/** A widget's tab back from the bank, eParaksts or the lender; anything unknown reads as a failure. */
const resultOf = (query: unknown): 'confirmed' | 'failed' | 'signed' => {
  const result = pick(query, 'result');
  return result === 'confirmed' || result === 'signed' ? result : 'failed';
};

/**
 * The widgets' iframe pages, one per language, in a context of their own: publishers' pages may
 * frame them (the site itself may not be framed), and the site's third parties are not allowed.
 * The page a widget's identification popup lands on is an ordinary page of the site.
 */
async function registerWidgetPages(app: FastifyInstance, clientDir: string): Promise<void> {
  const read = (name: string) => readFile(join(clientDir, name), 'utf8');
  const frames: Record<string, Record<Language, string>> = {};
  for (const kind of ['calculator', 'application']) {
    frames[kind] = { lv: await read(`_widget-${kind}.lv.html`), ru: await read(`_widget-${kind}.ru.html`) };
  }
  const identified = {
    confirmed: {
      lv: await read('_widget-identified-confirmed.lv.html'),
      ru: await read('_widget-identified-confirmed.ru.html'),
    },
    failed: {
      lv: await read('_widget-identified-failed.lv.html'),
      ru: await read('_widget-identified-failed.ru.html'),
    },
    signed: {
      lv: await read('_widget-identified-signed.lv.html'),
      ru: await read('_widget-identified-signed.ru.html'),
    },
  };
  const identify = { lv: await read('_widget-identify.lv.html'), ru: await read('_widget-identify.ru.html') };
  const html = (reply: FastifyReply, body: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

  await app.register(async (framed) => {
    const headers = widgetFrameSecurityHeaders();
    framed.addHook('onRequest', (_request, reply, done) => {
      reply.removeHeader('x-frame-options');
      reply.headers(headers);
      done();
    });
    for (const [kind, byLang] of Object.entries(frames)) {
      framed.get(`${WIDGET_BASE}/${kind}`, (request, reply) => html(reply, byLang[langOf(request.query)]));
    }
  });
  app.get(`${WIDGET_BASE}/identified`, (request, reply) =>
    html(reply, identified[resultOf(request.query)][langOf(request.query)]),
  );
  // the tab keeps its opener (the widget's frame, inside the publisher's page) only without an opener policy
  app.get(WIDGET_IDENTIFY_PATH, (request, reply) =>
    html(reply.header('cross-origin-opener-policy', 'unsafe-none'), identify[langOf(request.query)]),
  );
}

/** The staff's back office (issue 34): one shell its own script fills; never cached, as what it shows is per member. */
async function registerStaffPage(app: FastifyInstance, clientDir: string): Promise<void> {
  const staffShell = await readFile(join(clientDir, '_staff.html'), 'utf8');
  app.get(STAFF_PAGE_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(staffShell),
  );
}

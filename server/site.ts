import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { allPagePaths, languageOfPath } from '../src/routes/page-registry.ts';
import { LANGUAGES, type Language } from '../src/domain/language.ts';
import { ApiProblem } from './http/problem.ts';

/** Where a prerendered page lives in the build: / → index.html, /ru/x → ru/x/index.html. */
const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The public site: prerendered pages from memory, built assets from disk, and the not-found page
 * in the language of the path with status 404.
 */
export async function registerSite(app: FastifyInstance, clientDir: string): Promise<void> {
  const pages = new Map<string, string>();
  for (const path of allPagePaths()) pages.set(path, await readFile(join(clientDir, pageFile(path)), 'utf8'));
  const notFound = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (lang) => [lang, await readFile(join(clientDir, `_not-found.${lang}.html`), 'utf8')]),
    ),
  ) as Record<Language, string>;

  const workflow = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (lang) => [lang, await readFile(join(clientDir, `_workflow.${lang}.html`), 'utf8')]),
    ),
  ) as Record<Language, string>;
  // Every step of the applicant workflow is one page; the wizard reads its step from the path.
  for (const base of ['applicantWorkflow', 'multistep']) {
    for (const lang of LANGUAGES) {
      const prefix = lang === 'ru' ? `/ru/${base}` : `/${base}`;
      const send = (_request: unknown, reply: FastifyReply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(workflow[lang]);
      app.get(prefix, send);
      app.get(`${prefix}/*`, send);
    }
  }

  for (const [path, html] of pages) {
    app.get(path, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
    );
    if (path !== '/') {
      app.get(`${path}/`, (_request, reply) => reply.redirect(path, 301));
    }
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: true,
    allowedPath: (pathName) => !pathName.endsWith('.html') || pathName.startsWith('/assets/files/'),
    setHeaders: (reply, filePath) => {
      const relative = filePath.slice(clientDir.length);
      // Hashed build output never changes; legal fragments and root files may.
      if (relative.startsWith('/assets/files/')) reply.header('cache-control', 'public, max-age=300');
      else if (relative.startsWith('/assets/')) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOfPath(request.url.split('?')[0] ?? '/');
    if (request.url.startsWith('/api/')) throw new ApiProblem(404, 'notFound');
    return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(notFound[lang]);
  });
}

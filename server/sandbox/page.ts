import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '../../domain/language.ts';

/**
 * Helpers shared by the simulator pages (banks, Smart-ID app, eParaksts): escaped HTML by default,
 * one small page frame, the simulators' own CSP, and a form-urlencoded body parser (no @fastify/formbody).
 */

/**
 * The hashes of a page's own style elements, as a policy's style-src: the page's styles apply, and
 * no other style element or any style attribute does, with no 'unsafe-inline'.
 */
export function styleSources(page: string): string {
  const hashes = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  );
  return hashes.length > 0 ? hashes.join(' ') : "'none'";
}

/** Simulator pages post forms to themselves and are redirected to the broker afterwards. */
export const simulatorPolicy = (page: string): string =>
  `default-src 'none'; style-src ${styleSources(page)}; img-src 'self' data:; form-action 'self' http: https:`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Markup that is already escaped; only `html` and `rawHtml` make one. */
export interface SafeHtml {
  readonly safeHtml: string;
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function isSafeHtml(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && 'safeHtml' in value;
}

function renderValue(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (typeof value === 'number') return escapeHtml(String(value));
  if (typeof value === 'string') return escapeHtml(value);
  if (isSafeHtml(value)) return value.safeHtml;
  return value.map(renderValue).join('');
}

/** Tagged template: every interpolated value is escaped unless it is itself `html`. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += renderValue(value) + (strings[index + 1] ?? '');
  });
  return { safeHtml: out };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c8ccd2;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.sandbox{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4d6;border:1px solid #8a6d00;border-radius:4px}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,select{width:100%;padding:.5rem;font:inherit;border:1px solid #5f6670;border-radius:4px}
.hint{display:block;font-size:.9rem;color:#4a4f57;margin-top:.25rem}
.error{color:#a4001d;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:4px;border:2px solid #0b3d91;background:#0b3d91;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b3d91}
:focus-visible{outline:3px solid #c25e00;outline-offset:2px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:.5rem 0}
dt{font-weight:600}
dd{margin:0}
section{border-top:1px solid #c8ccd2;padding-top:.5rem}
.code{font-size:1.6rem;font-weight:700;letter-spacing:.15em}
.wrap{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.plain-list{list-style:none;padding:0}
.small{font-size:.9rem}
`;

export interface PageOptions {
  readonly lang: Language;
  readonly title: string;
  readonly body: SafeHtml;
}

export function renderPage({ lang, title, body }: PageOptions): string {
  return `<!doctype html>${
    html`<html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${{ safeHtml: STYLE }}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.safeHtml
  }`;
}

export function sendPage(reply: FastifyReply, statusCode: number, page: PageOptions): FastifyReply {
  const body = renderPage(page);
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', simulatorPolicy(body))
    .header('cache-control', 'no-store')
    .send(body);
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * Parses `application/x-www-form-urlencoded` bodies into a null-prototype record of strings (the first
 * value of a repeated name wins). Call it inside an encapsulated plugin; a parser the app already has is kept.
 */
export function addFormBodyParser(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM)) return;
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, value] of new URLSearchParams(String(body))) {
      if (!(name in fields)) fields[name] = value;
    }
    done(null, fields);
  });
}

/** One string field of a parsed form body or query; anything else (missing, repeated, non-string) is ''. */
export function field(source: unknown, name: string): string {
  if (typeof source !== 'object' || source === null) return '';
  if (!Object.hasOwn(source, name)) return '';
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** An absolute http(s) URL without credentials or fragment, or null. */
export function parseHttpUrl(value: string): URL | null {
  if (value.length === 0 || value.length > 2000) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.hash) return null;
    return url;
  } catch {
    return null;
  }
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_FIRST_STEPS } from '../../domain/preselection.ts';
import { allPagePaths } from '../../domain/site-pages.ts';
import { firstStepPageName } from '../../domain/wizard-paths.ts';
import { siteSecurityHeaders } from '../../server/http/security-headers.ts';
import { fileOfPath, prerenderedFile } from './support/prerendered.ts';

/**
 * The site's pages ask for their modules after their largest text has painted, through one inline script: the
 * browser runs it only if the policy the server sends with the page names its hash, and nothing in the head asks for
 * a module before it. Their first frame waits for the main content whole.
 */
const clientDir = join(import.meta.dirname, '../../dist/client');
const policy = siteSecurityHeaders()['content-security-policy'] ?? '';
const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];

const PAGE_FILES = [
  ...allPagePaths().map(fileOfPath),
  ...['lv', 'ru'].flatMap((lang) => [
    `_not-found.${lang}.html`,
    `_workflow.${lang}.html`,
    ...[...PRERENDERED_FIRST_STEPS.keys()].map((key) => `${firstStepPageName(key)}.${lang}.html`),
  ]),
];

describe.each(PAGE_FILES)('%s', (file) => {
  it('asks for its modules by the one inline script the policy allows, and by nothing before it', () => {
    const document = prerenderedFile(file);
    const inline = [...document.querySelectorAll('script:not([src])')];
    expect(inline).toHaveLength(1);
    const [script] = inline as [HTMLScriptElement];
    const hash = `'sha256-${createHash('sha256')
      .update(script.textContent ?? '')
      .digest('base64')}'`;
    expect(scriptSources).toContain(hash);

    expect(document.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0);
    const modules = (script.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);
    const preloads = (script.getAttribute('data-preloads') ?? '').split(' ').filter(Boolean);
    expect(modules.length).toBeGreaterThan(0);
    for (const href of [...modules, ...preloads]) {
      expect(href).toMatch(/^\/assets\/[\w/-]+\.js$/);
      expect(existsSync(join(clientDir, href)), href).toBe(true);
    }
  });

  it('paints its first frame once the parser has reached the footer, the main content whole before it', () => {
    const document = prerenderedFile(file);
    const expected = [...document.head.querySelectorAll('link[rel="expect"]')];
    expect(expected.map((link) => link.getAttribute('blocking'))).toEqual(['render']);
    const target = document.querySelector(expected[0]?.getAttribute('href') ?? '#none');
    expect(target?.localName).toBe('footer');
    expect(target?.previousElementSibling?.localName).toBe('main');
  });
});

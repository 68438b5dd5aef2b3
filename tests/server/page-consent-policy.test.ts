import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPagePaths } from '../../domain/site-pages.ts';
import { buildApp, type BrokerApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/broker.ts';
import { PRERENDERED_FIRST_STEPS } from '../../domain/preselection.ts';
import { firstStepPageName } from '../../domain/wizard-paths.ts';

/** Every host of the analytics, testing and ads tools, whichever directive names it. */
const ANALYTICS = ['googletagmanager.com', 'google-analytics.com'];
const TESTING = ['visualwebsiteoptimizer.com'];
const ADS = ['googleadservices.com', 'doubleclick.net', 'www.google.com'];
const THIRD_PARTY = [...ANALYTICS, ...TESTING, ...ADS];

/**
 * A page's Content Security Policy names the third-party hosts of the categories the visitor consented to, as
 * the consent cookie of its request says, and none without it. The server runs with a build of stub pages: the
 * policy is the server's, whatever the page holds.
 */
describe('the page policy follows the consent cookie', () => {
  let clientDir: string;
  let built: BrokerApp;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'kk-pages-'));
    const stub = async (file: string) => {
      await mkdir(dirname(join(clientDir, file)), { recursive: true });
      await writeFile(join(clientDir, file), '<!doctype html><title>stub</title>');
    };
    for (const path of allPagePaths()) await stub(path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
    for (const lang of ['lv', 'ru']) {
      for (const name of [
        '_not-found',
        '_workflow',
        ...[...PRERENDERED_FIRST_STEPS.keys()].map(firstStepPageName),
        '_widget-calculator',
        '_widget-application',
        '_widget-identify',
      ])
        await stub(`${name}.${lang}.html`);
      for (const result of ['confirmed', 'failed', 'signed']) await stub(`_widget-identified-${result}.${lang}.html`);
    }
    await stub('_staff.html');
    built = await buildApp({
      clientDir,
      logger: false,
      config: loadConfig({ DATA_DIR: 'memory', ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS }),
    });
  });
  afterAll(async () => {
    await built.app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const pageFor = async (path: string, cookie?: string) => {
    const response = await built.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, path).toBeLessThan(500);
    return {
      policy: String(response.headers['content-security-policy'] ?? ''),
      vary: String(response.headers.vary ?? ''),
    };
  };
  const named = (policy: string) => THIRD_PARTY.filter((host) => policy.includes(host));

  it('names no third party for a visitor who has not chosen, or who refused', async () => {
    for (const path of ['/', '/ru', '/nav-tadas-lapas']) {
      const { policy, vary } = await pageFor(path);
      // this origin's scripts and the pages' one inline script, by its hash (tests/pages/late-modules.test.ts)
      expect(policy, path).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/);
      expect(named(policy), path).toEqual([]);
      expect(vary, path).toMatch(/\bCookie\b/);
    }
    expect(named((await pageFor('/', 'cookieConsent=none')).policy)).toEqual([]);
    // a cookie of words we do not know allows nothing
    expect(named((await pageFor('/', 'cookieConsent=everything')).policy)).toEqual([]);
  });

  it('names only the analytics hosts with consent to analytics alone', async () => {
    const { policy } = await pageFor('/', 'other=1; cookieConsent=analytics');
    expect(named(policy).sort()).toEqual([...ANALYTICS].sort());
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/]+=*' https:\/\/www\.googletagmanager\.com/);
    expect(policy).toContain("frame-src 'self';");
  });

  it('names every tool with consent to all three, the framed ones in frame-src', async () => {
    const { policy } = await pageFor('/ru', 'cookieConsent=analytics.testing.ads');
    expect(named(policy).sort()).toEqual([...THIRD_PARTY].sort());
    const frames = /frame-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(frames).toContain('visualwebsiteoptimizer.com');
    expect(frames).toContain('doubleclick.net');
    expect(frames).not.toContain('googletagmanager.com');
  });

  it('keeps the widget frames without third parties whatever the cookie', async () => {
    const { policy } = await pageFor('/widget/v1/calculator', 'cookieConsent=analytics.testing.ads');
    expect(policy).toContain('frame-ancestors *');
    expect(named(policy)).toEqual([]);
  });
});

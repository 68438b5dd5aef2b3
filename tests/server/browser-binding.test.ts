import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import {
  answerSmartId,
  asWidgetTab,
  browserMarkOf,
  loginByBank,
  rememberStartingBrowser,
  startIdentification,
  status,
  submit,
  throughProviderPage,
} from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * Login CSRF: a login or an identification begun in one browser and sent to another as a link (the
 * provider's address, or the return it leads to) must open nothing there. Each counts only in the
 * browser that began it, which carries the mark the start gave it.
 */

const VICTIM = '010180-15097';
const NAMES = { first_name: 'Jānis', last_name: 'Bērziņš' };
const json = { 'content-type': 'application/json' };

describe.each<Storage>(['pglite', 'postgres'])('logins and identifications bound to their browser (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const sessionCookieIn = (setCookie: string) => /(^|,\s*)(__Host-)?kk_session=[\w-]+/.test(setCookie);

  it.each([
    ['lv', '/cits-parluks'],
    ['ru', '/ru/drugoj-brauzer'],
  ] as const)(
    'a bank login finished in another browser opens no session and leads to the page that explains (%s)',
    async (lang, page) => {
      const stolen = await loginByBank(base, VICTIM, lang, { inAnotherBrowser: true });
      expect(stolen.location).toBe(page);
      expect(sessionCookieIn(stolen.setCookie)).toBe(false);

      const own = await loginByBank(base, VICTIM, lang);
      expect(own.location).toBe(lang === 'lv' ? '/profils' : '/ru/profil');
      expect(sessionCookieIn(own.setCookie)).toBe(true);
    },
  );

  it('an eParaksts login finished in another browser opens no session', async () => {
    const start = await fetch(`${base}/api/account/login/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ method: 'eSignature', language: 'lv' }),
    });
    expect(start.status).toBe(200);
    await rememberStartingBrowser(start);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const { wizardPath, setCookie } = await throughProviderPage(
      redirectUrl,
      { personal_code: VICTIM, given_name: 'Jānis', family_name: 'Bērziņš', decision: 'approve' },
      { inAnotherBrowser: true },
    );
    expect(wizardPath).toBe('/cits-parluks');
    expect(sessionCookieIn(setCookie)).toBe(false);
  });

  it('a Smart-ID login polled from another browser ends without a session', async () => {
    const start = await fetch(`${base}/api/account/login/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ method: 'smartId', personalCode: VICTIM, language: 'lv' }),
    });
    expect(start.status).toBe(200);
    const { pollSecret } = (await start.json()) as { pollSecret: string };
    await answerSmartId(base, VICTIM, 'OK');
    const poll = await fetch(`${base}/api/account/login/poll`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ pollSecret }),
    });
    expect(await poll.json()).toEqual({ state: 'failed', failure: 'otherBrowser' });
    expect(sessionCookieIn(poll.headers.get('set-cookie') ?? '')).toBe(false);
  });

  it('a bank identification finished in another browser leaves the application unidentified', async () => {
    // someone else's application, its bank address sent to the victim
    const token = await submit(base, { personalId: VICTIM }, 'ru');
    const start = await startIdentification(base, {
      token,
      language: 'ru',
      method: 'bank',
      institutionId: 'daugavas-banka',
    });
    expect(start.status).toBe(200);
    expect(browserMarkOf(start)).toMatch(/^kk_browser=[\w-]{43}$/);
    expect(present(start.headers.get('set-cookie'))).toMatch(/HttpOnly; SameSite=Lax/i);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const { wizardPath } = await throughProviderPage(
      redirectUrl,
      { personal_code: VICTIM, ...NAMES, decision: 'approve' },
      { inAnotherBrowser: true },
    );
    expect(wizardPath).toBe('/ru/drugoj-brauzer');
    expect(await status(base, token)).toMatchObject({
      state: 'identificationFailed',
      identification: { method: 'bank', state: 'failed', failure: 'otherBrowser' },
      lenders: [],
    });
  });

  it('an eParaksts identification finished in the browser that began it still identifies', async () => {
    const token = await submit(base, { personalId: VICTIM });
    const start = await startIdentification(base, { token, language: 'lv', method: 'eSignature' });
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const { wizardPath } = await throughProviderPage(redirectUrl, {
      personal_code: VICTIM,
      given_name: 'Jānis',
      family_name: 'Bērziņš',
      decision: 'approve',
    });
    expect(wizardPath).toBe('/applicantWorkflow/confirmingIdentity');
  });

  it('a widget’s identification is bound by its tab, once, and counts only in that tab’s browser', async () => {
    const token = await submit(base, { personalId: VICTIM });
    const start = await startIdentification(base, {
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
      returnTo: 'widget',
    });
    expect(start.status).toBe(200);
    // the publisher's frame keeps no cookie of ours: the tab opens our page first, the state after '#'
    expect(browserMarkOf(start)).toBeNull();
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const opening = new URL(redirectUrl);
    expect(`${opening.origin}${opening.pathname}`).toBe(`${base}/widget/v1/identify`);
    expect(opening.hash).toMatch(/^#[\w-]{43}$/);

    const bankAddress = await asWidgetTab(redirectUrl);
    expect(new URL(bankAddress).searchParams.get('state')).toBe(opening.hash.slice(1));
    // bound once: a second tab (or someone the address was sent to) cannot take it over
    const again = await fetch(`${base}/api/identification/bind`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ returnState: opening.hash.slice(1), language: 'lv' }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalidToken' });

    const stolen = await throughProviderPage(
      bankAddress,
      { personal_code: VICTIM, ...NAMES, decision: 'approve' },
      { inAnotherBrowser: true },
    );
    expect(stolen.wizardPath).toBe('/cits-parluks');
    expect(await status(base, token)).toMatchObject({
      identification: { state: 'failed', failure: 'otherBrowser' },
      lenders: [],
    });
  });

  it('a widget’s identification finished in its own tab identifies, and the tab closes', async () => {
    const token = await submit(base, { personalId: VICTIM }, 'ru');
    const start = await startIdentification(base, {
      token,
      language: 'ru',
      method: 'eSignature',
      returnTo: 'widget',
    });
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const { wizardPath } = await throughProviderPage(redirectUrl, {
      personal_code: VICTIM,
      given_name: 'Jānis',
      family_name: 'Bērziņš',
      decision: 'approve',
    });
    expect(wizardPath).toBe('/widget/v1/identified?lang=ru&result=confirmed');
  });
});

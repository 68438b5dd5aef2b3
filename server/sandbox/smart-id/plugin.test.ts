import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmartIdClient, type SmartIdClient } from '../../identity/smart-id-client.ts';
import { formAction, hiddenFields, postForm, startApp, type RunningApp } from '../../identity/test-support.ts';
import { registerSmartIdSandbox } from './plugin.ts';

const PERSON = '010180-15097';
let running: RunningApp;
let client: SmartIdClient;

beforeAll(async () => {
  running = await startApp((app) => registerSmartIdSandbox(app, { sessionTimeoutMs: 2000 }));
  client = createSmartIdClient({
    baseUrl: `${running.origin}/sandbox/smart-id/v2`,
    relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
    relyingPartyName: 'DEMO',
  });
});
afterAll(() => running.app.close());

async function start(personalCode: string) {
  const started = await client.startAuthentication(personalCode, 'Kreditkompass');
  if (started.kind !== 'started') throw new Error(`not started: ${started.endResult}`);
  return started;
}

describe('Smart-ID simulator API and app page', () => {
  const api = (path: string, body: unknown) =>
    fetch(`${running.origin}/sandbox/smart-id/v2${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const validBody = {
    relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
    relyingPartyName: 'DEMO',
    certificateLevel: 'QUALIFIED',
    hash: Buffer.alloc(64, 1).toString('base64'),
    hashType: 'SHA512',
    allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: 'x' }],
  };

  it('answers a start repeated within 15 s with the same session, and a start with another nonce with a new one', async () => {
    const body = { ...validBody, hash: Buffer.alloc(64, 7).toString('base64') };
    const first = (await (await api(`/authentication/etsi/PNOLV-${PERSON}`, body)).json()) as { sessionID: string };
    const again = (await (await api(`/authentication/etsi/PNOLV-${PERSON}`, body)).json()) as { sessionID: string };
    expect(again.sessionID).toBe(first.sessionID);
    const other = await api(`/authentication/etsi/PNOLV-${PERSON}`, { ...body, nonce: 'another' });
    expect(((await other.json()) as { sessionID: string }).sessionID).not.toBe(first.sessionID);
  });

  it('validates the start request', async () => {
    expect((await api(`/authentication/etsi/PNOLV-${PERSON}`, validBody)).status).toBe(200);
    expect((await api(`/authentication/etsi/PNOLV-${PERSON}`, { ...validBody, hashType: 'MD5' })).status).toBe(400);
    expect((await api(`/authentication/etsi/PNOLV-${PERSON}`, { ...validBody, hashType: 'SHA256' })).status).toBe(400);
    expect((await api(`/authentication/etsi/PNOLV-${PERSON}`, { ...validBody, relyingPartyName: '' })).status).toBe(
      400,
    );
    expect((await api('/authentication/etsi/PNOLV-123', validBody)).status).toBe(400);
    expect((await api('/authentication/etsi/PNOEE-38001085718', validBody)).status).toBe(404);
    expect((await fetch(`${running.origin}/sandbox/smart-id/v2/session/nope?timeoutMs=0`)).status).toBe(404);
  });

  it('an unsupported interaction completes with REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP', async () => {
    const answer = await api(`/authentication/etsi/PNOLV-${PERSON}`, {
      ...validBody,
      allowedInteractionsOrder: [{ type: 'confirmationMessage', displayText200: 'x' }],
    });
    const { sessionID } = (await answer.json()) as { sessionID: string };
    const session = await fetch(`${running.origin}/sandbox/smart-id/v2/session/${sessionID}?timeoutMs=1000`);
    expect(await session.json()).toEqual({
      state: 'COMPLETE',
      result: { endResult: 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP' },
    });
  });

  it('lists running sessions masked, in lv and ru, and answers them from the form', async () => {
    const started = await client.startAuthentication('020290-12345', '<b>Kreditkompass</b> & co');
    if (started.kind !== 'started') throw new Error('not started');

    const lv = await fetch(`${running.origin}/sandbox/smart-id/app?lang=lv`);
    expect(lv.headers.get('content-security-policy')).toContain("default-src 'none'");
    const lvPage = await lv.text();
    expect(lvPage).toContain('<html lang="lv">');
    expect(lvPage).toContain('Gaidošie pieprasījumi');
    expect(lvPage).toContain('0202**-*****');
    expect(lvPage).not.toContain('020290-12345');
    expect(lvPage).toContain(started.verificationCode);
    expect(lvPage).toContain('&lt;b&gt;Kreditkompass&lt;/b&gt; &amp; co');
    expect(lvPage).toContain('>Apstiprināt (OK)</button>');
    expect(lvPage).toContain(`<label for="given-${started.sessionId}">Vārds</label>`);

    const ruPage = await (await fetch(`${running.origin}/sandbox/smart-id/app?lang=ru`)).text();
    expect(ruPage).toContain('<html lang="ru">');
    expect(ruPage).toContain('Ожидающие запросы');
    expect(ruPage).toContain('>Подтвердить (OK)</button>');

    const action = `/sandbox/smart-id/app/sessions/${started.sessionId}`;
    expect(lvPage).toContain(`action="${action}"`);
    const answer = await postForm(`${running.origin}${action}`, {
      lang: 'ru',
      givenName: 'Ivans',
      surname: 'Petrovs',
      endResult: 'other',
      otherEndResult: 'USER_REFUSED_CERT_CHOICE',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/sandbox/smart-id/app?lang=ru');
    expect(await client.pollSession(started.sessionId, 1000)).toEqual({
      state: 'COMPLETE',
      endResult: 'USER_REFUSED_CERT_CHOICE',
    });
    expect(hiddenFields(lvPage).lang).toBe('lv');
    expect(formAction(lvPage)).toMatch(/^\/sandbox\/smart-id\/app\/sessions\//);
  });

  it('the app page shows the OK answer with the tester’s name', async () => {
    const started = await start('030370-11111');
    const answer = await postForm(`${running.origin}/sandbox/smart-id/app/sessions/${started.sessionId}`, {
      lang: 'lv',
      givenName: 'Līga',
      surname: 'Ozola',
      endResult: 'OK',
    });
    expect(answer.status).toBe(303);
    expect(await client.pollSession(started.sessionId, 1000)).toMatchObject({
      endResult: 'OK',
      identity: { personalCode: '030370-11111', givenName: 'Līga', surname: 'Ozola' },
    });
  });
});

describe('Smart-ID simulator options', () => {
  it('autoEndResult completes every session by itself', async () => {
    const auto = await startApp((app) => registerSmartIdSandbox(app, { autoEndResult: 'OK', autoDelayMs: 20 }));
    try {
      const autoClient = createSmartIdClient({
        baseUrl: `${auto.origin}/sandbox/smart-id/v2`,
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
      });
      const started = await autoClient.startAuthentication(PERSON, 'x');
      if (started.kind !== 'started') throw new Error('not started');
      expect(await autoClient.pollSession(started.sessionId, 2000)).toMatchObject({
        endResult: 'OK',
        identity: { personalCode: PERSON, givenName: 'Jānis', surname: 'Bērziņš' },
      });
    } finally {
      await auto.app.close();
    }
  });

  it('closing the server answers a pending long-poll at once', async () => {
    const other = await startApp((app) => registerSmartIdSandbox(app, { prefix: '/sid' }));
    const otherClient = createSmartIdClient({
      baseUrl: `${other.origin}/sid/v2`,
      relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
      relyingPartyName: 'DEMO',
    });
    const started = await otherClient.startAuthentication(PERSON, 'x');
    if (started.kind !== 'started') throw new Error('not started');
    const began = Date.now();
    const polling = otherClient.pollSession(started.sessionId, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.app.close();
    expect(await polling).toEqual({ state: 'RUNNING' });
    expect(Date.now() - began).toBeLessThan(2000);
  });
});

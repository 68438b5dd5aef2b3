import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSmartIdSandbox, smartIdAutoCode, SMART_ID_MAGIC_CODES } from '../sandbox/smart-id/plugin.ts';
import { issueSandboxCertificate } from './smart-id-cert.ts';
import { createSmartIdClient, smartIdFailure, type SmartIdClient, type SmartIdStartResult } from './smart-id-client.ts';
import { smartIdVerificationCode } from './verification-code.ts';
import { startApp, type RunningApp } from './test-support.ts';

const PERSON = '010180-15097';
let running: RunningApp;
let client: SmartIdClient;

beforeAll(async () => {
  running = await startApp((app) => registerSmartIdSandbox(app, { sessionTimeoutMs: 400, magicDelayMs: 0 }));
  client = createSmartIdClient({
    baseUrl: `${running.origin}/sandbox/smart-id/v2`,
    relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
    relyingPartyName: 'DEMO',
  });
});
afterAll(() => running.app.close());

const control = (path: string, body: unknown) =>
  fetch(`${running.origin}/sandbox/smart-id/control${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function start(personalCode = PERSON): Promise<Extract<SmartIdStartResult, { kind: 'started' }>> {
  const started = await client.startAuthentication(personalCode, 'Kreditkompass: identifikācija');
  if (started.kind !== 'started') throw new Error(`not started: ${started.endResult}`);
  return started;
}

describe('Smart-ID client against the simulator', () => {
  it('OK: identity from the certificate, signature verified', async () => {
    const started = await start();
    expect(started.verificationCode).toBe(smartIdVerificationCode(Buffer.from(started.hash, 'base64')));
    expect(Buffer.from(started.hash, 'base64')).toHaveLength(64);

    const found = await control('/find', { personalCode: '01018015097' });
    expect(await found.json()).toEqual({ sessionIds: [started.sessionId] });
    const done = await control(`/sessions/${started.sessionId}`, {
      endResult: 'OK',
      givenName: 'Anna',
      surname: 'Kalniņa',
    });
    expect(done.status).toBe(200);

    const result = await client.pollSession(started.sessionId, 1000, started.hash);
    expect(result).toMatchObject({
      state: 'COMPLETE',
      endResult: 'OK',
      identity: { personalCode: PERSON, givenName: 'Anna', surname: 'Kalniņa' },
    });
    // a second answer to a finished session is refused
    expect((await control(`/sessions/${started.sessionId}`, { endResult: 'USER_REFUSED' })).status).toBe(409);
  });

  it('SIGNATURE_INVALID when the signature is not over the hash this client sent', async () => {
    const started = await start();
    await control(`/sessions/${started.sessionId}`, { endResult: 'OK' });
    const otherHash = Buffer.alloc(64, 7).toString('base64');
    expect(await client.pollSession(started.sessionId, 1000, otherHash)).toEqual({
      state: 'COMPLETE',
      endResult: 'SIGNATURE_INVALID',
    });
  });

  it('USER_REFUSED and WRONG_VC', async () => {
    for (const endResult of ['USER_REFUSED', 'WRONG_VC'] as const) {
      const started = await start();
      await control(`/sessions/${started.sessionId}`, { endResult });
      // without the hash argument the client uses the one it remembers
      expect(await client.pollSession(started.sessionId, 1000)).toEqual({ state: 'COMPLETE', endResult });
    }
    expect(smartIdFailure('WRONG_VC')).toBe('wrongVerificationCode');
    expect(smartIdFailure('USER_REFUSED')).toBe('refused');
  });

  it('TIMEOUT when nobody answers within sessionTimeoutMs', async () => {
    const started = await start();
    const began = Date.now();
    expect(await client.pollSession(started.sessionId, 5000, started.hash)).toEqual({
      state: 'COMPLETE',
      endResult: 'TIMEOUT',
    });
    expect(Date.now() - began).toBeLessThan(2000);
  });

  it('long-poll: RUNNING after timeoutMs, then COMPLETE as soon as the person answers', async () => {
    const started = await start();
    const began = Date.now();
    expect(await client.pollSession(started.sessionId, 150, started.hash)).toEqual({ state: 'RUNNING' });
    expect(Date.now() - began).toBeGreaterThanOrEqual(140);

    const polling = client.pollSession(started.sessionId, 5000, started.hash);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await control(`/sessions/${started.sessionId}`, { endResult: 'USER_REFUSED_DISPLAYTEXTANDPIN' });
    expect(await polling).toEqual({ state: 'COMPLETE', endResult: 'USER_REFUSED_DISPLAYTEXTANDPIN' });
    expect(Date.now() - began).toBeLessThan(1000);
  });

  it('magic codes: 471, 472 and 404 as failed starts; 329999-010NN completes by itself', async () => {
    expect(await client.startAuthentication(SMART_ID_MAGIC_CODES.noSuitableAccount, 'x')).toEqual({
      kind: 'failed',
      endResult: 'NO_SUITABLE_ACCOUNT',
    });
    expect(await client.startAuthentication(SMART_ID_MAGIC_CODES.personShouldViewApp, 'x')).toEqual({
      kind: 'failed',
      endResult: 'PERSON_SHOULD_VIEW_APP',
    });
    expect(await client.startAuthentication(SMART_ID_MAGIC_CODES.accountNotFound, 'x')).toEqual({
      kind: 'failed',
      endResult: 'USER_ACCOUNT_NOT_FOUND',
    });
    const auto = await start(smartIdAutoCode('OK'));
    expect(await client.pollSession(auto.sessionId, 1000)).toMatchObject({
      endResult: 'OK',
      identity: { personalCode: '329999-01000' },
    });
    const refused = await start(smartIdAutoCode('DOCUMENT_UNUSABLE'));
    expect(await client.pollSession(refused.sessionId, 1000)).toEqual({
      state: 'COMPLETE',
      endResult: 'DOCUMENT_UNUSABLE',
    });
  });

  it('rejects a certificate not issued by the trusted CA', async () => {
    // A fake simulator answer signed by a key the client does not trust.
    const fakeCa = generateKeyPairSync('ed25519');
    const person = generateKeyPairSync('ed25519');
    const hash = createHash('sha512').update('x').digest();
    const answer = {
      state: 'COMPLETE',
      result: { endResult: 'OK' },
      signature: { value: sign(null, hash, person.privateKey).toString('base64'), algorithm: 'Ed25519' },
      cert: {
        value: issueSandboxCertificate({
          serialNumber: `PNOLV-${PERSON}`,
          givenName: 'Mallory',
          surname: 'X',
          publicKey: person.publicKey,
          now: new Date(),
          caPrivateKey: fakeCa.privateKey,
        }),
        certificateLevel: 'QUALIFIED',
      },
    };
    const fake = await startApp(async (app) => {
      app.get('/v2/session/:id', async () => answer);
    });
    try {
      const fakeClient = createSmartIdClient({
        baseUrl: `${fake.origin}/v2`,
        relyingPartyUUID: 'x',
        relyingPartyName: 'x',
      });
      expect(await fakeClient.pollSession('s', 1000, hash.toString('base64'))).toEqual({
        state: 'COMPLETE',
        endResult: 'SIGNATURE_INVALID',
      });
    } finally {
      await fake.app.close();
    }
  });

  it('sends a start that got no answer in time again, and the service answers with the one session it opened', async () => {
    let starts = 0;
    const slow = await startApp(async (app) => {
      // the first start reaches the service but its answer comes after the client stopped waiting
      app.addHook('onRequest', async (request) => {
        if (request.method === 'POST' && (starts += 1) === 1) await new Promise((resolve) => setTimeout(resolve, 250));
      });
      await registerSmartIdSandbox(app, { sessionTimeoutMs: 5000 });
    });
    try {
      const patient = createSmartIdClient({
        baseUrl: `${slow.origin}/sandbox/smart-id/v2`,
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
        requestTimeoutMs: 100,
        retryPauseMs: 300,
      });
      const started = await patient.startAuthentication(PERSON, 'Kreditkompass');
      expect(started.kind).toBe('started');
      expect(starts).toBe(2);
      const found = await fetch(`${slow.origin}/sandbox/smart-id/control/find`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ personalCode: '01018015097' }),
      });
      expect(await found.json()).toEqual({ sessionIds: [started.kind === 'started' ? started.sessionId : ''] });
    } finally {
      await slow.app.close();
    }
  });

  it('does not send a start again that the service refused', async () => {
    let starts = 0;
    const refusing = await startApp(async (app) => {
      app.post('/v2/authentication/etsi/:id', (_request, reply) => {
        starts += 1;
        return reply.code(400).send({ title: 'Bad Request' });
      });
    });
    try {
      const strict = createSmartIdClient({
        baseUrl: `${refusing.origin}/v2`,
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
      });
      await expect(strict.startAuthentication(PERSON, 'x')).rejects.toMatchObject({ status: 400, retryable: false });
      expect(starts).toBe(1);
    } finally {
      await refusing.app.close();
    }
  });

  it('throws a retryable error when the service cannot be reached', async () => {
    const offline = createSmartIdClient({
      baseUrl: 'http://127.0.0.1:9/v2',
      relyingPartyUUID: 'x',
      relyingPartyName: 'x',
    });
    await expect(offline.startAuthentication(PERSON, 'x')).rejects.toMatchObject({ code: 'network', retryable: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEParakstsSandbox } from '../sandbox/eparaksts/plugin.ts';
import {
  createEParakstsClient,
  EPARAKSTS_SANDBOX_CLIENT_ID,
  eParakstsSandboxClientSecret,
  isEParakstsError,
  type EParakstsClient,
} from './eparaksts-client.ts';
import { formAction, hiddenFields, postForm, startApp, type RunningApp } from './test-support.ts';

let running: RunningApp;
let clock = Date.now();
const redirectUri = 'https://broker.example/api/identification/eparaksts/return';
const clientFor = (clientSecret = eParakstsSandboxClientSecret(), uri = redirectUri): EParakstsClient =>
  createEParakstsClient({
    baseUrl: `${running.origin}/sandbox/eparaksts`,
    clientId: EPARAKSTS_SANDBOX_CLIENT_ID,
    clientSecret,
    redirectUri: uri,
  });

beforeAll(async () => {
  running = await startApp((app) => registerEParakstsSandbox(app, { now: () => clock }));
});
afterAll(() => running.app.close());

/** Opens the consent page like a browser, submits it, and returns the redirect target. */
async function consent(
  client: EParakstsClient,
  state: string,
  decision: 'approve' | 'refuse',
  language: 'lv' | 'ru' = 'lv',
): Promise<URL> {
  const page = await fetch(client.authorizeUrl({ state, language }));
  expect(page.status).toBe(200);
  const body = await page.text();
  const answer = await postForm(new URL(formAction(body), running.origin).toString(), {
    ...hiddenFields(body),
    personal_code: '01018015097',
    given_name: 'Anna',
    family_name: 'Kalniņa',
    decision,
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('eParaksts client against the simulator', () => {
  it('approve: code → token → identity', async () => {
    const client = clientFor();
    const target = await consent(client, 'st-1', 'approve');
    expect(target.origin + target.pathname).toBe(redirectUri);
    expect(target.searchParams.get('state')).toBe('st-1');
    const code = target.searchParams.get('code') ?? '';
    const accessToken = await client.exchangeCode(code);
    expect(await client.userInfo(accessToken)).toEqual({
      givenName: 'Anna',
      familyName: 'Kalniņa',
      personalCode: '010180-15097',
    });
  });

  it('refuse: error=access_denied with the state', async () => {
    const target = await consent(clientFor(), 'st-2', 'refuse', 'ru');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe('st-2');
    expect(target.searchParams.has('code')).toBe(false);
  });

  it('a code works once; reusing it fails and revokes the token', async () => {
    const client = clientFor();
    const code = (await consent(client, 'st-3', 'approve')).searchParams.get('code') ?? '';
    const accessToken = await client.exchangeCode(code);
    await expect(client.exchangeCode(code)).rejects.toMatchObject({
      code: 'invalid_grant',
      status: 400,
      retryable: false,
    });
    await expect(client.userInfo(accessToken)).rejects.toMatchObject({ code: 'invalid_token', status: 401 });
  });

  it('rejects a wrong client secret, a different redirect URI and an expired code', async () => {
    const client = clientFor();
    const code = (await consent(client, 'st-4', 'approve')).searchParams.get('code') ?? '';
    const error = await clientFor('wrong-secret')
      .exchangeCode(code)
      .catch((caught: unknown) => caught);
    expect(isEParakstsError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_client', status: 401 });
    await expect(clientFor(undefined, 'https://evil.example/cb').exchangeCode(code)).rejects.toMatchObject({
      code: 'invalid_grant',
    });

    const late = (await consent(client, 'st-5', 'approve')).searchParams.get('code') ?? '';
    clock += 61_000;
    await expect(client.exchangeCode(late)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('access tokens expire', async () => {
    const client = clientFor();
    const code = (await consent(client, 'st-6', 'approve')).searchParams.get('code') ?? '';
    const accessToken = await client.exchangeCode(code);
    clock += 5 * 60_000 + 1000;
    await expect(client.userInfo(accessToken)).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it('throws a retryable error when the service cannot be reached', async () => {
    const offline = createEParakstsClient({
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'y',
      redirectUri,
    });
    await expect(offline.exchangeCode('c')).rejects.toMatchObject({ code: 'network', retryable: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../identity/test-support.ts';
import { registerSmsSandbox } from './plugin.ts';

/** The SMS gateway simulator: its send endpoint, and the list a tester and a test read. */

let running: RunningApp;

beforeAll(async () => {
  running = await startApp(async (app) => void (await registerSmsSandbox(app)));
});
afterAll(() => running.app.close());

const send = (body: unknown) =>
  fetch(`${running.origin}/sandbox/sms/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer any' },
    body: JSON.stringify(body),
  });

interface Sms {
  readonly to: string;
  readonly text: string;
  readonly receivedAt: string;
}
const list = async (to: string): Promise<Sms[]> =>
  (await (await fetch(`${running.origin}/sandbox/sms/messages.json?to=${encodeURIComponent(to)}`)).json()) as Sms[];

describe('the SMS gateway simulator', () => {
  it('takes a message and lists it by number, newest first, matching digits only', async () => {
    const first = await send({ to: '+37120000010', text: 'pirmā' });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ id: expect.stringMatching(/^[\w-]{16,}$/) });
    await send({ to: '+37120000011', text: 'citam' });
    await send({ to: '37120000010', text: 'otrā' });

    const messages = await list('+37120000010');
    expect(messages.map((sms) => sms.text)).toEqual(['otrā', 'pirmā']);
    expect(messages[0]).toEqual({ to: '37120000010', text: 'otrā', receivedAt: expect.any(String) });
    expect(await list('371 2000 0010')).toHaveLength(2);
    expect(await list('+37129999999')).toEqual([]);
  });

  it('refuses what is not a message', async () => {
    expect((await send({ to: '+37120000012' })).status).toBe(400);
    expect((await send({ to: 'not a phone', text: 'x' })).status).toBe(400);
    expect((await send({ to: '+37120000012', text: '' })).status).toBe(400);
    expect(await list('+37120000012')).toEqual([]);
  });

  it('shows the messages on an escaped page', async () => {
    await send({ to: '+37120000013', text: '<script>alert(1)</script> kods 1234' });
    const answer = await fetch(`${running.origin}/sandbox/sms?to=%2B37120000013`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await answer.text();
    expect(page).toContain('<html lang="lv">');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; kods 1234');
    expect(page).not.toContain('<script>');
    expect(page).toContain('value="+37120000013"');
    expect(page).not.toContain('pirmā');
  });
});

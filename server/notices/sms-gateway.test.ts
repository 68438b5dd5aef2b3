import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../identity/test-support.ts';
import type { SmsInbox } from '../sandbox/sms/sms-inbox.ts';
import { registerSmsSandbox } from '../sandbox/sms/plugin.ts';
import { createSmsGateway } from './sms-gateway.ts';

/** The SMS gateway client against the sandbox gateway, over HTTP. */

let running: RunningApp;
let inbox: SmsInbox;
const authorizations: (string | null)[] = [];

beforeAll(async () => {
  running = await startApp(async (app) => {
    // what the gateway was told about the caller, seen before the sandbox answers
    app.addHook('onRequest', async (request) => {
      if (request.url.endsWith('/api/messages')) authorizations.push(request.headers.authorization ?? null);
    });
    app.post('/broken', (_request, reply) => reply.code(503).send({ error: 'down' }));
    inbox = await registerSmsSandbox(app);
  });
});
afterAll(() => running.app.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('createSmsGateway', () => {
  it('posts the message with the bearer key, and the gateway has it', async () => {
    const gateway = createSmsGateway(`${running.origin}/sandbox/sms/api/messages`, 'sandbox-key');
    await gateway.send({ to: '+37120000001', text: 'Piedāvājumi gatavi: http://127.0.0.1/api/continue?code=x' });

    expect(authorizations.at(-1)).toBe('Bearer sandbox-key');
    expect(inbox.messages('+37120000001').map(({ to, text }) => ({ to, text }))).toEqual([
      { to: '+37120000001', text: 'Piedāvājumi gatavi: http://127.0.0.1/api/continue?code=x' },
    ]);
  });

  it('sends no authorization without a key', async () => {
    await createSmsGateway(`${running.origin}/sandbox/sms/api/messages`, null).send({
      to: '+37120000002',
      text: 'x',
    });
    expect(authorizations.at(-1)).toBeNull();
  });

  it('fails on an error answer, without the number or the text in the error', async () => {
    const refused = await failure(
      createSmsGateway(`${running.origin}/sandbox/sms/api/messages`, null).send({ to: 'nobody', text: 'Jānis' }),
    );
    expect(refused).toMatchObject({ name: 'SmsNotSent', message: 'SMS gateway answered 400' });

    const down = await failure(
      createSmsGateway(`${running.origin}/broken`, null).send({ to: '+37120000003', text: 'Jānis' }),
    );
    expect(down).toMatchObject({ name: 'SmsNotSent', message: 'SMS gateway answered 503' });
    expect(inbox.messages('+37120000003')).toEqual([]);
  });

  it('fails when the gateway cannot be reached', async () => {
    const error = await failure(
      createSmsGateway('http://127.0.0.1:1/api/messages', 'secret-key').send({ to: '+37120000004', text: 'Jānis' }),
    );
    expect(error).toMatchObject({ name: 'SmsNotSent', message: 'SMS gateway unreachable' });
  });

  it('without SMS_URL, every send fails as not configured', async () => {
    const error = await failure(createSmsGateway(null, null).send({ to: '+37120000005', text: 'x' }));
    expect(error.name).toBe('SmsGatewayNotConfigured');
  });
});

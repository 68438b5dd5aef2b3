import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../identity/test-support.ts';
import { createMailer } from '../../notices/mailer.ts';
import { startSandboxMailServer, type SandboxMailServer } from './mail-server.ts';
import { registerMailSandbox } from './plugin.ts';

/** The mail catcher's page and JSON routes, as a tester and a test read them. */

let mailbox: SandboxMailServer;
let running: RunningApp;

beforeAll(async () => {
  mailbox = await startSandboxMailServer();
  running = await startApp((app) => registerMailSandbox(app, { mailbox }));
  const mailer = createMailer(mailbox.url, 'Kreditkompass <pazinojumi@kreditkompass.lv>');
  await mailer.send({
    to: 'anna@example.lv',
    subject: 'Sveika, <script>alert(1)</script>',
    text: 'Turpināt: http://127.0.0.1/api/continue?code=a&lang=lv',
    html: '<p onclick="x()">Sveika</p>',
    headers: { 'List-Unsubscribe': '<http://127.0.0.1/api/notices/unsubscribe?code=x>' },
  });
  await mailer.send({ to: 'janis@example.lv', subject: 'Jānim', text: 'Sveiks', html: '<p>Sveiks</p>', headers: {} });
  mailer.close();
});
afterAll(async () => {
  await running.app.close();
  await mailbox.close();
});

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly receivedAt: string;
  readonly headers: Record<string, string>;
}

const messages = async (query = ''): Promise<Mail[]> =>
  (await (await fetch(`${running.origin}/sandbox/mail/messages.json${query}`)).json()) as Mail[];

const outage = (body: unknown) =>
  fetch(`${running.origin}/sandbox/mail/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the mail sandbox pages', () => {
  it('lists the messages as JSON, newest first, filtered by recipient in any case', async () => {
    expect((await messages()).map((mail) => mail.to)).toEqual(['janis@example.lv', 'anna@example.lv']);
    const [anna, ...rest] = await messages('?to=ANNA%40example.lv');
    expect(rest).toEqual([]);
    expect(anna).toMatchObject({
      to: 'anna@example.lv',
      subject: 'Sveika, <script>alert(1)</script>',
      text: 'Turpināt: http://127.0.0.1/api/continue?code=a&lang=lv',
      html: '<p onclick="x()">Sveika</p>',
      headers: { 'list-unsubscribe': '<http://127.0.0.1/api/notices/unsubscribe?code=x>' },
    });
    expect(Object.keys(anna ?? {}).sort()).toEqual(['headers', 'html', 'receivedAt', 'subject', 'text', 'to']);
  });

  it('shows the messages on an escaped page, filtered by the form', async () => {
    const answer = await fetch(`${running.origin}/sandbox/mail?to=anna%40example.lv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await answer.text();
    expect(page).toContain('<html lang="lv">');
    expect(page).toContain('<h1>');
    expect(page).toContain('Sveika, &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;p onclick=&quot;x()&quot;&gt;Sveika&lt;/p&gt;');
    expect(page).toContain('code=a&amp;lang=lv');
    expect(page).toContain('value="anna@example.lv"');
    expect(page).not.toContain('Jānim');
  });

  it('takes the SMTP server down and up', async () => {
    expect(await (await outage({ down: true })).json()).toEqual({ down: true });
    expect(mailbox.isDown()).toBe(true);
    expect(await (await fetch(`${running.origin}/sandbox/mail`)).text()).toContain('SMTP serveris izslēgts');
    expect(await (await outage({ down: false })).json()).toEqual({ down: false });
    expect(mailbox.isDown()).toBe(false);
    expect((await outage({ down: 'yes' })).status).toBe(400);
  });
});

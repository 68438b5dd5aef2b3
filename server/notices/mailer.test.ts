import { createServer, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type OutgoingMail } from './mailer.ts';

/** The mailer against a real SMTP server on a free port, as a relay would answer it. */

const REJECTED = 'refused@example.lv';
const PASSWORD = 'pa55-word-in-url';

interface Delivery {
  readonly from: string;
  readonly to: readonly string[];
  readonly parsed: ParsedMail;
}

let server: SMTPServer;
let port: number;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    // a real relay's rejections quote the address back, which is what the mailer must not pass on
    onRcptTo(address, _session, callback) {
      if (address.address === REJECTED) {
        callback(Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error(`bad password ${auth.password ?? ''}`));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        deliveries.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
        callback();
      }, callback);
    },
  });
  server.on('error', () => {});
  port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mail = (to: string): OutgoingMail => ({
  to,
  subject: 'Pieteikums saņemts — Jānis',
  text: 'Sveiki, Jānis! Turpināt: http://127.0.0.1/api/continue?code=abc',
  html: '<!doctype html><html lang="lv"><body><p>Sveiki, Jānis!</p></body></html>',
  headers: {
    'List-Unsubscribe': '<http://127.0.0.1:3000/api/notices/unsubscribe?code=abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('createMailer', () => {
  it('delivers the message with its sender, parts and List-Unsubscribe headers', async () => {
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Kreditkompass <pazinojumi@kreditkompass.lv>');
    await mailer.send(mail('person@example.lv'));
    mailer.close();

    const delivery = deliveries.at(-1);
    expect(delivery?.from).toBe('pazinojumi@kreditkompass.lv');
    expect(delivery?.to).toEqual(['person@example.lv']);
    expect(delivery?.parsed.subject).toBe('Pieteikums saņemts — Jānis');
    expect(delivery?.parsed.text?.trim()).toBe('Sveiki, Jānis! Turpināt: http://127.0.0.1/api/continue?code=abc');
    expect(delivery?.parsed.html).toContain('<p>Sveiki, Jānis!</p>');
    const unsubscribe = delivery?.parsed.headerLines
      .find((line) => line.key === 'list-unsubscribe')
      ?.line.replace(/\r?\n[ \t]+/g, ' '); // long headers may be folded
    expect(unsubscribe).toBe('List-Unsubscribe: <http://127.0.0.1:3000/api/notices/unsubscribe?code=abc.def>');
  });

  it('logs in with the credentials of the URL', async () => {
    const mailer = createMailer(`smtp://user:${PASSWORD}@127.0.0.1:${port}`, 'pazinojumi@kreditkompass.lv');
    await mailer.send(mail('with-login@example.lv'));
    expect(deliveries.at(-1)?.to).toEqual(['with-login@example.lv']);
  });

  it('fails without the address, the message or the password in the error', async () => {
    const rejected = await failure(
      createMailer(`smtp://127.0.0.1:${port}`, 'pazinojumi@kreditkompass.lv').send(mail(REJECTED)),
    );
    expect(rejected.name).toBe('MailNotSent');
    expect(rejected.message).toMatch(/EENVELOPE/);
    expect(rejected.message).toMatch(/550/);
    expect(`${rejected.message} ${rejected.stack ?? ''}`).not.toMatch(/refused@|Jānis|mailbox unavailable/);

    const badLogin = await failure(
      createMailer(`smtp://user:wrong-${PASSWORD}@127.0.0.1:${port}`, 'pazinojumi@kreditkompass.lv').send(
        mail('person@example.lv'),
      ),
    );
    expect(badLogin.name).toBe('MailNotSent');
    expect(badLogin.message).toMatch(/EAUTH/);
    expect(`${badLogin.message} ${badLogin.stack ?? ''}`).not.toMatch(/pa55|person@/);
  });

  it('fails fast when no server listens', async () => {
    const closed = new SMTPServer({ logger: false });
    const freePort = await new Promise<number>((resolve) => {
      closed.listen(0, '127.0.0.1', () => {
        const address = closed.server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const started = Date.now();
    const error = await failure(
      createMailer(`smtp://127.0.0.1:${freePort}`, 'pazinojumi@kreditkompass.lv').send(mail('person@example.lv')),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.name).toBe('MailNotSent');
    expect(error.message).not.toContain('person@');
  });

  it('gives up on a server that accepts the connection but never greets, in seconds', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    const silentPort = await new Promise<number>((resolve) => {
      silent.listen(0, '127.0.0.1', () => {
        const address = silent.address();
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
    try {
      const started = Date.now();
      const error = await failure(
        createMailer(`smtp://127.0.0.1:${silentPort}`, 'pazinojumi@kreditkompass.lv').send(mail('person@example.lv')),
      );
      expect(Date.now() - started).toBeLessThan(8000);
      expect(error.name).toBe('MailNotSent');
      expect(error.message).toMatch(/ETIMEDOUT/);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('without SMTP_URL, every send fails as not configured', async () => {
    const mailer = createMailer(null, 'pazinojumi@kreditkompass.lv');
    const error = await failure(mailer.send(mail('person@example.lv')));
    expect(error.name).toBe('MailerNotConfigured');
    expect(() => mailer.close()).not.toThrow();
  });

  it('refuses a URL that is not SMTP without repeating it', () => {
    expect(() => createMailer(`http://user:${PASSWORD}@example.lv`, 'a@b.lv')).toThrow(
      expect.objectContaining({ name: 'MailerMisconfigured', message: expect.not.stringContaining(PASSWORD) }),
    );
    expect(() => createMailer(`not a url ${PASSWORD}`, 'a@b.lv')).toThrow(
      expect.objectContaining({ name: 'MailerMisconfigured', message: expect.not.stringContaining(PASSWORD) }),
    );
  });
});

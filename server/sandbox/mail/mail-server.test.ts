import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type OutgoingMail } from '../../notices/mailer.ts';
import { startSandboxMailServer, type SandboxMailServer } from './mail-server.ts';

/** The mail catcher as the broker's mailer reaches it: over SMTP, and through an outage. */

let mailbox: SandboxMailServer;

beforeAll(async () => {
  mailbox = await startSandboxMailServer();
});
afterAll(() => mailbox.close());

const mail = (to: string, subject = 'Pieteikums saņemts'): OutgoingMail => ({
  to,
  subject,
  text: 'Sveiki, Jānis!',
  html: '<p lang="lv">Sveiki, Jānis!</p>',
  headers: {
    'List-Unsubscribe': '<http://127.0.0.1:3000/api/notices/unsubscribe?code=abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

describe('the sandbox mail server', () => {
  it('listens on a local port and keeps what it receives, newest first, by recipient', async () => {
    expect(mailbox.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const mailer = createMailer(mailbox.url, 'Kreditkompass <pazinojumi@kreditkompass.lv>');
    await mailer.send(mail('Anna@Example.lv', 'pirmā'));
    await mailer.send(mail('janis@example.lv', 'otrā'));
    await mailer.send(mail('anna@example.lv', 'trešā'));
    mailer.close();

    const anna = mailbox.messages('ANNA@example.lv');
    expect(anna.map((received) => received.subject)).toEqual(['trešā', 'pirmā']);
    expect(anna[0]).toMatchObject({
      to: 'anna@example.lv',
      text: 'Sveiki, Jānis!',
      html: '<p lang="lv">Sveiki, Jānis!</p>',
    });
    expect(anna[0]?.headers['list-unsubscribe']).toBe('<http://127.0.0.1:3000/api/notices/unsubscribe?code=abc.def>');
    expect(anna[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(anna[0]?.headers.subject).toBe('trešā');
    expect(new Date(anna[0]?.receivedAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(
      mailbox
        .messages()
        .slice(0, 3)
        .map((received) => received.subject),
    ).toEqual(['trešā', 'otrā', 'pirmā']);
    expect(mailbox.messages('nobody@example.lv')).toEqual([]);
  });

  it('refuses connections while down, and takes mail on the same port once up again', async () => {
    const mailer = createMailer(mailbox.url, 'pazinojumi@kreditkompass.lv');
    await mailbox.setDown(true);
    expect(mailbox.isDown()).toBe(true);

    const started = Date.now();
    await expect(mailer.send(mail('outage@example.lv'))).rejects.toMatchObject({ name: 'MailNotSent' });
    expect(Date.now() - started).toBeLessThan(2000);

    await mailbox.setDown(false);
    expect(mailbox.isDown()).toBe(false);
    await mailer.send(mail('outage@example.lv', 'pēc atteices'));
    expect(mailbox.messages('outage@example.lv').map((received) => received.subject)).toEqual(['pēc atteices']);
  });
});

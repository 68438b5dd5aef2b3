import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { loadSandboxConfig, withSandboxMessaging } from './sandbox-config.ts';

/** Where notices go when the simulators run in this process, and when they do not. */

const brokerConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    PORT: '3999',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory',
    ENCRYPTION_KEYS: `test-1:${randomBytes(32).toString('base64')}`,
    ...env,
  });

describe('withSandboxMessaging', () => {
  it('sends e-mail to a mail catcher it starts and SMS to the gateway simulator of this process', async () => {
    const config = brokerConfig();
    const { config: messaging, mailbox } = await withSandboxMessaging(
      config,
      loadSandboxConfig({}, config.publicBaseUrl),
    );
    try {
      expect(mailbox).not.toBeNull();
      expect(messaging.notices.smtpUrl).toBe(mailbox?.url);
      expect(messaging.notices.smsUrl).toBe('http://127.0.0.1:3999/sandbox/sms/api/messages');
      expect(messaging.notices.mailFrom).toBe(config.notices.mailFrom);
    } finally {
      await mailbox?.close();
    }
  });

  it('keeps the SMTP and SMS endpoints that are configured', async () => {
    const config = brokerConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_URL: 'https://sms.example.lv/send' });
    const { config: messaging, mailbox } = await withSandboxMessaging(
      config,
      loadSandboxConfig({}, config.publicBaseUrl),
    );
    expect(mailbox).toBeNull();
    expect(messaging.notices).toEqual(config.notices);
  });

  it('changes nothing when the simulators run elsewhere', async () => {
    const config = brokerConfig();
    const sandbox = loadSandboxConfig({ SANDBOX: 'off' }, config.publicBaseUrl);
    expect(await withSandboxMessaging(config, sandbox)).toEqual({ config, mailbox: null });
  });
});

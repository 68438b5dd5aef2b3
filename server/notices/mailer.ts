import { createTransport } from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer';

/**
 * E-mail out over SMTP (nodemailer). The notice job sends one message at a time and retries later when
 * sending fails, so this waits only briefly for a server that does not answer, and every error it throws
 * tells what went wrong without the recipient, the message or the SMTP credentials: errors reach the logs.
 */

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A server that does not connect or greet within this fails the attempt; the job queue tries again later. */
const CONNECT_TIMEOUT_MS = 5000;
/** Silence in the middle of a session (a stuck server) ends it too. */
const SOCKET_TIMEOUT_MS = 15_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function namedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * smtps:// speaks TLS from the start; smtp:// upgrades with STARTTLS when the server offers it, except on
 * this machine (the sandbox's mail catcher, a local relay), where there is nothing to protect in transit.
 * Options in the URL's query (`?requireTLS=true`) still win: nodemailer applies them over these.
 */
function transportOptions(smtpUrl: string): SMTPTransportOptions {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // the message must not repeat the value: it may hold the SMTP password
    throw namedError('MailerMisconfigured', 'SMTP_URL is not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw namedError('MailerMisconfigured', 'SMTP_URL must start with smtp:// or smtps://');
  }
  return {
    url: smtpUrl,
    ignoreTLS: url.protocol === 'smtp:' && LOOPBACK_HOSTS.has(url.hostname),
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  };
}

/**
 * nodemailer's own messages may quote the server's reply, which names the rejected recipient; only its
 * error code, the SMTP command and the reply's status code are kept.
 */
function mailNotSent(error: unknown): Error {
  const details = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const parts = [details.code, details.command, details.responseCode].filter(
    (part) => typeof part === 'number' || (typeof part === 'string' && /^[A-Z][A-Z0-9 _-]{0,30}$/.test(part)),
  );
  return namedError('MailNotSent', `mail not sent${parts.length > 0 ? `: ${parts.join(' ')}` : ''}`);
}

/** With no SMTP_URL every send fails, so queued notices wait until one is configured. */
export function createMailer(smtpUrl: string | null, from: string): Mailer {
  if (smtpUrl === null) {
    return {
      send: () => Promise.reject(namedError('MailerNotConfigured', 'no SMTP server configured (SMTP_URL)')),
      close() {},
    };
  }
  const transport = createTransport(transportOptions(smtpUrl), { from });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { ...mail.headers },
          // the content is ours, but nodemailer would otherwise read files or URLs named as content
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (error) {
        throw mailNotSent(error);
      }
    },
    close() {
      transport.close();
    },
  };
}

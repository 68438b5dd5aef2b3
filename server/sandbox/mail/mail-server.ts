import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * The sandbox's mail catcher: a real SMTP server on this machine that keeps what it receives in memory,
 * so the broker's mailer is tested over the wire and testers read the messages at /sandbox/mail. It can
 * be taken down and brought back on the same port, to show that notices wait out an SMTP outage.
 */

export interface ReceivedMail {
  /** the first recipient of the envelope, lowercase */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** every header by its lowercase name (the first one of a repeated name) */
  readonly headers: Readonly<Record<string, string>>;
  /** ISO 8601 */
  readonly receivedAt: string;
}

export interface SandboxMailServer {
  /** smtp://127.0.0.1:PORT */
  readonly url: string;
  /** newest first; with `to`, only the messages to that address (any case) */
  messages(to?: string): readonly ReceivedMail[];
  /** down: stops listening, so connections are refused; up: listens again on the same port */
  setDown(down: boolean): Promise<void>;
  isDown(): boolean;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
/** Older messages are dropped, so a long-running demo does not grow without bound. */
const CAPACITY = 1000;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Going down waits this long for sessions in progress, then cuts them off. */
const CLOSE_TIMEOUT_MS = 1000;

/**
 * Header values as a reader sees them: mailparser decodes the plain ones (Subject, Message-ID) into
 * strings, but turns dates, addresses and List-* headers into structures; those come from the raw line,
 * unfolded. A repeated header keeps its first value.
 */
function headersOf(parsed: ParsedMail): Record<string, string> {
  const headers = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) {
    const name = key.toLowerCase();
    if (headers.has(name)) continue;
    const value = parsed.headers.get(name);
    const raw = () =>
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim();
    headers.set(name, typeof value === 'string' ? value : raw());
  }
  // fromEntries, not assignment: a header named __proto__ stays a header
  return Object.fromEntries(headers);
}

function receivedMail(parsed: ParsedMail, session: SMTPServerSession): ReceivedMail {
  const envelopeTo = session.envelope.rcptTo[0]?.address;
  const headerTo = [parsed.to ?? []].flat()[0]?.value[0]?.address;
  return {
    to: (envelopeTo ?? headerTo ?? '').toLowerCase(),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers: headersOf(parsed),
    receivedAt: new Date().toISOString(),
  };
}

export async function startSandboxMailServer(): Promise<SandboxMailServer> {
  const received: ReceivedMail[] = [];

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, done: (error?: Error) => void) => {
    simpleParser(stream).then(
      (parsed) => {
        if (stream.sizeExceeded) {
          done(Object.assign(new Error('message too large'), { responseCode: 552 }));
          return;
        }
        received.unshift(receivedMail(parsed, session));
        received.length = Math.min(received.length, CAPACITY);
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error('unreadable message')),
    );
  };

  const createServer = () => {
    const server = new SMTPServer({
      // plain SMTP on loopback: no certificate to manage, and nodemailer skips STARTTLS for 127.0.0.1
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      // a configured SMTP_URL with credentials logs in; any name and password will do here
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'sandbox' }),
      size: MAX_MESSAGE_BYTES,
      closeTimeout: CLOSE_TIMEOUT_MS,
      logger: false,
      banner: 'Kreditkompass sandbox mail catcher',
      onData,
    });
    // a client that drops its connection is no fault of the catcher; unheard, the event would end the process
    server.on('error', () => {});
    return server;
  };

  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, () => {
        server.off('error', reject);
        const address = server.server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  const stop = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | null = createServer();
  let closed = false;
  // port 0 picks a free port once; going up again reuses it, so the broker's SMTP_URL stays right
  const port = await listen(server, 0);

  return {
    url: `smtp://${HOST}:${port}`,
    messages(to) {
      const wanted = to?.trim().toLowerCase();
      return wanted ? received.filter((mail) => mail.to === wanted) : [...received];
    },
    async setDown(down) {
      if (down && server) {
        const stopping = server;
        server = null;
        await stop(stopping);
      } else if (!down && !server && !closed) {
        // taken at once, so a second "up" meanwhile does not bind the port twice
        const starting = (server = createServer());
        try {
          await listen(starting, port);
        } catch (error) {
          server = null;
          throw error;
        }
      }
    },
    isDown: () => server === null,
    async close() {
      closed = true;
      if (!server) return;
      const stopping = server;
      server = null;
      await stop(stopping);
    },
  };
}

import { outboundCall } from '../ops/tracing/outbound.ts';

/**
 * Text messages out through an HTTP SMS gateway: POST JSON { to, text } to SMS_URL with the bearer key.
 * A failure throws and the notice job retries later; the errors name the failure, never the phone number
 * or the text, as they reach the logs.
 */

export interface OutgoingSms {
  readonly to: string;
  readonly text: string;
}

export interface SmsGateway {
  send(sms: OutgoingSms): Promise<void>;
}

const TIMEOUT_MS = 10_000;

/** The gateway's URL may carry a key: the span names the service, not the URL. */
const SMS_SPAN = { attributes: { 'peer.service': 'sms-gateway' } } as const;

function namedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** With no SMS_URL every send fails, so queued messages wait until a gateway is configured. */
export function createSmsGateway(url: string | null, apiKey: string | null): SmsGateway {
  if (url === null) {
    return { send: () => Promise.reject(namedError('SmsGatewayNotConfigured', 'no SMS gateway configured (SMS_URL)')) };
  }
  return {
    async send({ to, text }) {
      let response: Response;
      try {
        response = await outboundCall('POST', url, SMS_SPAN, (traceHeaders) =>
          fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
              ...traceHeaders,
            },
            body: JSON.stringify({ to, text }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
            redirect: 'error',
          }),
        );
      } catch (error) {
        // a timeout or a network error; the cause's message could hold the URL, which may carry a key
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        throw namedError('SmsNotSent', `SMS gateway ${reason}`);
      }
      // nothing in the answer's body is needed, and an unread body would hold the connection
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw namedError('SmsNotSent', `SMS gateway answered ${response.status}`);
    },
  };
}

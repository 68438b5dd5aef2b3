import { randomUUID } from 'node:crypto';

/**
 * What the sandbox SMS gateway received, in memory, newest first. Phone numbers are kept as sent and
 * compared by their digits, so "+37120000000" and "37120000000" are one phone.
 */

export interface ReceivedSms {
  readonly id: string;
  readonly to: string;
  readonly text: string;
  /** ISO 8601 */
  readonly receivedAt: string;
}

export interface SmsInbox {
  add(sms: { readonly to: string; readonly text: string }): ReceivedSms;
  /** newest first; with `to`, only those to that phone */
  messages(to?: string): readonly ReceivedSms[];
}

/** Older messages are dropped, so a long-running demo does not grow without bound. */
const CAPACITY = 1000;

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

export function createSmsInbox(): SmsInbox {
  const received: ReceivedSms[] = [];
  return {
    add({ to, text }) {
      const sms = { id: randomUUID(), to, text, receivedAt: new Date().toISOString() };
      received.unshift(sms);
      received.length = Math.min(received.length, CAPACITY);
      return sms;
    },
    messages(to) {
      const filter = to?.trim();
      if (!filter) return [...received];
      const wanted = digitsOf(filter);
      return received.filter((sms) => wanted !== '' && digitsOf(sms.to) === wanted);
    },
  };
}

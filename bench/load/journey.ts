import { randomInt, randomUUID } from 'node:crypto';
import { Agent, request, type Dispatcher } from 'undici';
import { validApplication } from '../../tests/fixtures/application.ts';

/**
 * One applicant's way through the broker over HTTP, as the wizard goes: submit, identify with
 * Smart-ID, then follow the status stream until every lender the application went to has answered.
 */

/** Each applicant a person of their own: a new-format personal code (no date, no check digit). */
const personalCode = () =>
  `32${String(randomInt(0, 10_000)).padStart(4, '0')}-${String(randomInt(0, 100_000)).padStart(5, '0')}`;

const FINAL = new Set(['offer', 'declined', 'noAnswer']);
interface StatusLike {
  readonly identifiedAt: string | null;
  readonly lenders: readonly { readonly progress: string }[];
}
export const allAnswered = (status: StatusLike): boolean =>
  status.lenders.length > 0 && status.lenders.every((lender) => FINAL.has(lender.progress));

export interface Loan {
  readonly amount: number;
  readonly term: number;
}

async function json(dispatcher: Dispatcher, origin: string, path: string, body: unknown, headers = {}) {
  const response = await request(`${origin}${path}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`${path} ${response.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A new applicant's submission: a person of their own, asking for the loan. */
export const applicationBody = (loan: Loan) => ({
  language: 'lv',
  application: {
    ...validApplication,
    ...loan,
    personalId: personalCode(),
    dateOfBirth: '1985-06-15',
    email: `${randomUUID()}@example.lv`,
  },
});

export async function submit(dispatcher: Dispatcher, origin: string, loan: Loan): Promise<string> {
  const answer = await json(dispatcher, origin, '/api/applications', applicationBody(loan), {
    'idempotency-key': randomUUID(),
  });
  return String(answer.token);
}

export async function identify(dispatcher: Dispatcher, origin: string, token: string): Promise<void> {
  await json(dispatcher, origin, '/api/identification/start', { token, language: 'lv', method: 'smartId' });
}

export interface Stream {
  /** resolves with the first status, after which events keep coming until close */
  readonly opened: Promise<void>;
  /** true when a status arrived that `until` accepts, false when closed here first; rejects when the server ends it */
  readonly done: Promise<boolean>;
  close(): void;
}

/** The status stream, read as an EventSource would: `status` events of JSON, `gone` at the end. */
export function follow(
  dispatcher: Dispatcher,
  origin: string,
  token: string,
  until: (status: StatusLike) => boolean = () => false,
): Stream {
  const controller = new AbortController();
  let opened!: () => void;
  const openedPromise = new Promise<void>((resolve) => (opened = resolve));
  const done = (async () => {
    const response = await request(`${origin}/api/applicationStatusEvents?token=${token}`, {
      dispatcher,
      signal: controller.signal,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new Error(`status stream ${response.statusCode}`);
    }
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: gone') || block.includes('\nevent: gone')) throw new Error('status stream: gone');
        const data = /(?:^|\n)data: (.*)/.exec(block)?.[1];
        if (!data) continue;
        opened();
        if (until(JSON.parse(data) as StatusLike)) {
          controller.abort();
          return true;
        }
      }
    }
    throw new Error('status stream ended');
  })();
  return {
    opened: openedPromise,
    done: done.catch((error: unknown) => {
      if (controller.signal.aborted) return false;
      throw error;
    }),
    close: () => controller.abort(),
  };
}

/** Milliseconds from the submission's start to each step a person sees. */
export interface JourneyTimes {
  /** the submission answered */
  readonly submitted: number;
  /** the status says identified */
  readonly identified: number;
  /** the first lender's answer in the status */
  readonly firstAnswer: number;
  /** every lender's answer in the status */
  readonly allAnswered: number;
}

/** The whole way, timed from submission to the last lender's answer. */
export async function journey(dispatcher: Dispatcher, origin: string, loan: Loan): Promise<JourneyTimes> {
  const started = performance.now();
  const since = () => performance.now() - started;
  const token = await submit(dispatcher, origin, loan);
  const submitted = since();
  let identified = 0;
  let firstAnswer = 0;
  // the wizard opens the stream on the method choice, before identification starts
  const stream = follow(dispatcher, origin, token, (status) => {
    if (!identified && status.identifiedAt) identified = since();
    if (!firstAnswer && status.lenders.some((lender) => FINAL.has(lender.progress))) firstAnswer = since();
    return allAnswered(status);
  });
  try {
    await identify(dispatcher, origin, token);
  } catch (error) {
    // a stream left open would hold the dispatcher's close at the end of the run
    stream.close();
    await stream.done.catch(() => undefined);
    throw error;
  }
  const timeout = setTimeout(() => stream.close(), 120_000);
  try {
    if (!(await stream.done)) throw new Error('not every lender answered within 120 s');
  } finally {
    clearTimeout(timeout);
  }
  return { submitted, identified, firstAnswer, allAnswered: since() };
}

/** Connections enough for every worker and every held stream: one origin's pool is not a bottleneck of the bench. */
export const benchDispatcher = (connections: number) =>
  new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 0, bodyTimeout: 0 });

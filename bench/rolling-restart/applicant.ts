import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { allAnswered, applicationBody, follow, type Loan } from '../load/journey.ts';

/**
 * An applicant as a real client behaves while brokers restart: a submission that fails with a 5xx or a broken
 * connection is sent again with the same Idempotency-Key, and a status stream that ends is opened again, as an
 * EventSource reconnects, through the balancer (so to whichever broker is ready).
 */

/** What the applicants saw, for the bench's verdict. */
export interface Tally {
  /** submissions the server accepted (201) */
  submitted: number;
  /** applications whose stream showed every lender's answer */
  completed: number;
  /** submissions or identifications sent again after a 5xx or a broken connection */
  retries: number;
  /** status streams the server or a connection ended while they were wanted */
  cuts: number;
  /** streams that ended cut, no later connection having delivered a status */
  streamsNotResumed: number;
  /** applicants whose submission never got its 201, or whose accepted application never completed: reason → count */
  readonly lost: Map<string, number>;
}

export const newTally = (): Tally => ({
  submitted: 0,
  completed: 0,
  retries: 0,
  cuts: 0,
  streamsNotResumed: 0,
  lost: new Map(),
});

/** 5xx, and the 409 of a submission whose first attempt the server is still storing: worth sending again. */
const retriable = (status: number) => status >= 500 || status === 409;

/** POSTs JSON until an answer that is not worth retrying, for up to `withinMs`; the last answer otherwise. */
async function postRetrying(
  tally: Tally,
  dispatcher: Dispatcher,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  withinMs = 60_000,
): Promise<{ status: number; text: string }> {
  const deadline = performance.now() + withinMs;
  for (let attempt = 0; ; attempt += 1) {
    let last: { status: number; text: string };
    try {
      const response = await request(url, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      last = { status: response.statusCode, text: await response.body.text() };
      if (!retriable(last.status)) return last;
    } catch (error) {
      last = { status: 0, text: (error as { code?: string }).code ?? (error as Error).message };
    }
    if (performance.now() > deadline) return last;
    tally.retries += 1;
    await sleep(Math.min(2000, 100 * 2 ** attempt));
  }
}

/** Submits with one Idempotency-Key however often it must be sent; the token, or null when it never got in. */
export async function submitRetrying(
  tally: Tally,
  dispatcher: Dispatcher,
  origin: string,
  loan: Loan,
): Promise<string | null> {
  const key = randomUUID();
  const body = applicationBody(loan);
  const answer = await postRetrying(tally, dispatcher, `${origin}/api/applications`, body, { 'idempotency-key': key });
  if (answer.status !== 201) {
    count(tally.lost, `submission ${answer.status || answer.text}`);
    return null;
  }
  tally.submitted += 1;
  return String((JSON.parse(answer.text) as { token: string }).token);
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export interface ResumingStream {
  /** true once a status that `until` accepts arrived, false when closed first */
  readonly done: Promise<boolean>;
  /** resolves with the first status of the first connection */
  readonly opened: Promise<void>;
  close(): void;
}

/**
 * The status stream, opened again after every end or error until `until` accepts a status or it is closed. A cut
 * counts as resumed once a later connection delivered a status: its first event is the whole current status, so
 * nothing that changed meanwhile is missed.
 */
export function followResuming(
  tally: Tally,
  dispatcher: Dispatcher,
  origin: string,
  token: string,
  until: Parameters<typeof follow>[3] = () => false,
): ResumingStream {
  let closed = false;
  let current: ReturnType<typeof follow> | null = null;
  let opened!: () => void;
  const openedPromise = new Promise<void>((resolve) => (opened = resolve));
  // cut, and no connection since has delivered a status
  let awaitingResume = false;
  const done = (async () => {
    while (!closed) {
      const stream = follow(dispatcher, origin, token, until);
      current = stream;
      void stream.opened.then(() => {
        opened();
        awaitingResume = false;
      });
      try {
        return await stream.done;
      } catch {
        if (closed) return false;
        tally.cuts += 1;
        awaitingResume = true;
        await sleep(500);
      }
    }
    return false;
  })().finally(() => {
    if (awaitingResume) tally.streamsNotResumed += 1;
  });
  return {
    done,
    opened: openedPromise,
    close: () => {
      closed = true;
      current?.close();
    },
  };
}

const JOURNEY_LIMIT_MS = 300_000;

/** One applicant end to end: submit, follow, identify with Smart-ID, until every lender has answered. */
export async function resilientJourney(tally: Tally, dispatcher: Dispatcher, origin: string, loan: Loan) {
  const started = performance.now();
  const token = await submitRetrying(tally, dispatcher, origin, loan);
  if (token === null) return;
  const stream = followResuming(tally, dispatcher, origin, token, allAnswered);
  // a retried start may find the first one done and be refused: the stream tells whether the identification went
  // through, and an application that never completes is counted lost below
  await postRetrying(
    tally,
    dispatcher,
    `${origin}/api/identification/start`,
    {
      token,
      language: 'lv',
      method: 'smartId',
    },
    {},
  );
  // lost means never, not late: on a busy machine a journey may take minutes, which its time shows
  const timeout = setTimeout(() => stream.close(), JOURNEY_LIMIT_MS);
  try {
    if (await stream.done) {
      tally.completed += 1;
      return performance.now() - started;
    }
    count(tally.lost, `accepted, not every lender answered within ${JOURNEY_LIMIT_MS / 1000} s`);
  } finally {
    clearTimeout(timeout);
  }
  return undefined;
}

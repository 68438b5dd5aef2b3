/**
 * Offer latency: how soon after identification the applicant sees the first offer, and every lender's answer.
 *
 *   node bench/offer-latency.ts                 N=10 applications (BENCH_APPLICATIONS=… to change)
 *   BENCH_VERBOSE=1 node bench/offer-latency.ts also prints every status event's arrival time
 *   BENCH_SERVER_EXEC_ARGV='--cpu-prof --cpu-prof-dir=/tmp/prof' node bench/offer-latency.ts
 *                                               node flags for the server's process, e.g. to profile it
 *
 * The real broker (PGlite in memory, logger off, sandbox lenders answering without delay) runs in a child process
 * of its own; this process is the browser. For each application, in sequence: submit, open the server-sent events
 * stream the wizard holds, identify by bank through the sandbox bank's page over HTTP, and time from the moment the
 * bank return request (GET /api/identification/bank/:id/return) has answered — identification finished — to the
 * first `status` event that shows an offer, and to the first that shows all 16 lenders answered (offer, decline or
 * no answer).
 *
 * Why the server has a process of its own: with the server on the same event loop, an event the server wrote while
 * it was still busy with other lenders' callbacks would be read only once the loop was free, so the figures would
 * include the server's later work; a browser, in a process of its own, sees the bytes when they are written.
 *
 * One unmeasured application first, so the figures are those of a warm server rather than of JIT compilation and
 * first-use initialisation.
 *
 * Also exports the broker start and the applicant's steps that bench/status-throughput.ts reuses.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ApplicationStatus, LenderProgress } from '../domain/api.ts';
import { validApplication } from '../domain/application-fixture.ts';
import { startBroker, type RunningBroker } from '../tests/support/broker.ts';
import { isAnswered } from '../domain/lender-progress.ts';
// formOf, postForm and startIdentification use no vitest assertion (the module imports vitest's expect, unused here)
import { formOf, postForm, startIdentification } from '../tests/support/flow.ts';

export const TARGETS = { firstOfferMs: 300, lastAnswerMs: 1000 } as const;

/** The real server on a free port with the sandbox simulators mounted, lender delay 0, rate limits out of the way. */
export const startBenchBroker = (env: Record<string, string> = {}): Promise<RunningBroker> =>
  startBroker({ storage: 'pglite', logger: false, env: { RATE_LIMIT_SCALE: '1000000', ...env } });

type ServerMessage =
  | { readonly type: 'ready'; readonly url: string; readonly lenders: number }
  | { readonly type: 'failed'; readonly message: string };

export interface BrokerProcess {
  readonly url: string;
  readonly lenders: number;
  stop(): Promise<void>;
}

/** startBenchBroker in a child process: this module run with --serve. */
export async function startBrokerProcess(execArgv: readonly string[] = []): Promise<BrokerProcess> {
  // execArgv given explicitly: the child does not inherit this process's flags (a --cpu-prof meant for this one)
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // a crash of this process must not leave the server running
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; lenders: number }>((resolve, reject) => {
    child.once('message', (message: ServerMessage) =>
      message.type === 'ready' ? resolve(message) : reject(new Error(`the broker did not start: ${message.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`the broker process exited (${code}) before it was ready`)));
  });
  return {
    ...ready,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.send({ type: 'stop' });
        const timer = setTimeout(kill, 10_000);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', kill);
    },
  };
}

/** The --serve side: starts the broker, reports its URL, closes it when told to or when the parent goes away. */
async function serve(): Promise<void> {
  let server: RunningBroker;
  try {
    server = await startBenchBroker();
  } catch (error) {
    process.send?.({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies ServerMessage);
    process.exit(1);
  }
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.disconnect?.();
  };
  process.on('message', (message: { type?: string }) => void (message.type === 'stop' && close()));
  process.once('disconnect', () => void close());
  process.send?.({ type: 'ready', url: server.url, lenders: server.broker.lenders.size } satisfies ServerMessage);
}

// ---------------------------------------------------------------------------------------------------------------
// The applicant's steps over HTTP (tests/support/flow.ts without vitest's assertions)

async function expectStatus(response: Response, expected: number, what: string): Promise<void> {
  if (response.status === expected) return;
  const body = await response.text().catch(() => '');
  throw new Error(`${what}: HTTP ${response.status}, expected ${expected}: ${body.slice(0, 300)}`);
}

export async function submitApplication(base: string): Promise<string> {
  const response = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ language: 'lv', application: validApplication }),
  });
  await expectStatus(response, 201, 'submit');
  return ((await response.json()) as { token: string }).token;
}

/**
 * Identifies by bank through the sandbox bank's page, as the browser does, and answers when the broker's bank
 * return request has answered (performance.now()): at that moment identification has finished.
 */
export async function identifyByBank(base: string, token: string): Promise<{ returnedAt: number }> {
  const start = await startIdentification(base, {
    token,
    language: 'lv',
    method: 'bank',
    institutionId: 'daugavas-banka',
  });
  await expectStatus(start, 200, 'identification start');
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const page = await fetch(redirectUrl);
  await expectStatus(page, 200, 'bank page');
  const { action, fields } = formOf(await page.text(), redirectUrl);
  const decided = await postForm(action, {
    ...fields,
    personal_code: validApplication.personalId,
    first_name: 'Jānis',
    last_name: 'Bērziņš',
    decision: 'approve',
  });
  await expectStatus(decided, 303, 'bank decision');
  const returnUrl = decided.headers.get('location') ?? '';
  if (!new URL(returnUrl).pathname.startsWith('/api/identification/bank/')) {
    throw new Error(`the bank did not send the browser back to the broker: ${returnUrl}`);
  }
  const back = await fetch(returnUrl, { redirect: 'manual' });
  const returnedAt = performance.now();
  await expectStatus(back, 303, 'bank return');
  await back.arrayBuffer();
  if (back.headers.get('location') !== '/applicantWorkflow/confirmingIdentity') {
    throw new Error(`identification did not succeed: redirected to ${back.headers.get('location')}`);
  }
  return { returnedAt };
}

// ---------------------------------------------------------------------------------------------------------------
// The server-sent events stream, read the way a browser's EventSource does

export interface StatusEvent {
  /** performance.now() when the chunk carrying the event arrived */
  readonly at: number;
  readonly status: ApplicationStatus;
}

export interface StatusStream {
  readonly events: readonly StatusEvent[];
  /** the first event (already received or still to come) for which `done` holds */
  until(done: (status: ApplicationStatus) => boolean, timeoutMs: number): Promise<StatusEvent>;
  close(): void;
}

export async function openStatusStream(base: string, token: string): Promise<StatusStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/applicationStatusEvents?token=${token}`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  await expectStatus(response, 200, 'status events');
  if (!response.body) throw new Error('status events: no body');
  const events: StatusEvent[] = [];
  const wakeups = new Set<() => void>();
  let ended: Error | null = null;

  const read = async (body: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      const at = performance.now();
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        // JSON.parse only: a schema check per event would be the bench's CPU on the server's event loop
        if (event === 'status') events.push({ at, status: JSON.parse(data.join('\n')) as ApplicationStatus });
        if (event === 'gone') throw new Error('status events: the application is gone');
      }
      wakeups.forEach((wake) => wake());
    }
    throw new Error('status events: the stream ended');
  };
  read(response.body).catch((error: unknown) => {
    ended = controller.signal.aborted ? new Error('closed') : error instanceof Error ? error : new Error(String(error));
    wakeups.forEach((wake) => wake());
  });

  return {
    events,
    until: (done, timeoutMs) =>
      new Promise<StatusEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find((event) => done(event.status));
          if (found || ended) {
            clearTimeout(timer);
            wakeups.delete(check);
            if (found) resolve(found);
            else reject(ended ?? new Error('status events: ended'));
          }
        };
        const timer = setTimeout(() => {
          wakeups.delete(check);
          const last = events.at(-1)?.status;
          reject(
            new Error(`status events: not settled in ${timeoutMs} ms; last: ${JSON.stringify(last).slice(0, 400)}`),
          );
        }, timeoutMs);
        wakeups.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Milestones of one application

export const allLendersAnswered = (lenderCount: number) => (status: ApplicationStatus) =>
  status.lenders.length === lenderCount && status.lenders.every((lender) => isAnswered(lender.progress));

/** Milliseconds from the bank return's answer to the first status event showing each step; null if never shown. */
export interface ApplicationTimings {
  /** a lender request left `queued`: its job was picked up and sent */
  firstSentMs: number | null;
  /** every lender request left `queued` */
  allSentMs: number | null;
  /** the first answer, offer or decline */
  firstAnswerMs: number | null;
  firstOfferMs: number | null;
  /** all lenders answered */
  lastAnswerMs: number;
  offers: number;
  declines: number;
  noAnswers: number;
  /** status events received after the return */
  events: number;
}

function timings(events: readonly StatusEvent[], returnedAt: number, lenderCount: number): ApplicationTimings {
  const after = (done: (status: ApplicationStatus) => boolean) => {
    const found = events.find((event) => done(event.status));
    return found ? Math.round((found.at - returnedAt) * 10) / 10 : null;
  };
  const complete = allLendersAnswered(lenderCount);
  const last = events.find((event) => complete(event.status));
  if (!last) throw new Error('not every lender answered');
  const count = (progress: LenderProgress) =>
    last.status.lenders.filter((lender) => lender.progress === progress).length;
  return {
    firstSentMs: after((s) => s.lenders.some((lender) => lender.progress !== 'queued')),
    allSentMs: after(
      (s) => s.lenders.length === lenderCount && s.lenders.every((lender) => lender.progress !== 'queued'),
    ),
    firstAnswerMs: after((s) => s.lenders.some((lender) => isAnswered(lender.progress))),
    firstOfferMs: after((s) => s.offers.length > 0),
    lastAnswerMs: after(complete) ?? Number.NaN,
    offers: count('offer'),
    declines: count('declined'),
    noAnswers: count('noAnswer'),
    events: events.filter((event) => event.at >= returnedAt).length,
  };
}

function printEvents(events: readonly StatusEvent[], returnedAt: number): void {
  for (const { at, status } of events) {
    const progress = (['queued', 'sent', 'offer', 'declined', 'noAnswer'] as const)
      .map((p) => `${p}=${status.lenders.filter((lender) => lender.progress === p).length}`)
      .join(' ');
    console.log(`    ${(at - returnedAt).toFixed(1).padStart(8)} ms  ${status.state.padEnd(14)} ${progress}`);
  }
}

/**
 * One applicant from submission to every lender's answer, the events stream open before identification finishes.
 * Answers the timings and the token.
 */
export async function runApplication(
  base: string,
  lenderCount: number,
  options: { timeoutMs?: number; verbose?: boolean } = {},
): Promise<{ token: string; timings: ApplicationTimings }> {
  const token = await submitApplication(base);
  const stream = await openStatusStream(base, token);
  try {
    await stream.until((status) => status.state === 'draft', 5_000);
    const { returnedAt } = await identifyByBank(base, token);
    await stream.until(allLendersAnswered(lenderCount), options.timeoutMs ?? 15_000);
    if (options.verbose) printEvents(stream.events, returnedAt);
    return { token, timings: timings(stream.events, returnedAt, lenderCount) };
  } finally {
    stream.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The bench

export interface Summary {
  median: number;
  max: number;
}

export interface OfferLatencyResult {
  applications: number;
  lenders: number;
  firstOfferMs: Summary;
  lastAnswerMs: Summary;
  /** medians of the intermediate steps, for finding where the time goes */
  medians: { firstSentMs: number; allSentMs: number; firstAnswerMs: number };
  /** applications every lender declined (no first offer) */
  withoutOffer: number;
  targets: typeof TARGETS;
  met: { firstOffer: boolean; lastAnswer: boolean };
  runs: ApplicationTimings[];
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { median: Math.round(median * 10) / 10, max: at(sorted.length - 1) };
}

const present = (values: readonly (number | null)[]) => values.filter((value): value is number => value !== null);

export interface OfferLatencyOptions {
  /** measured applications, default 10 */
  readonly applications?: number;
  /** unmeasured applications first, default 1 */
  readonly warmup?: number;
  /** print every status event's arrival */
  readonly verbose?: boolean;
  /** node flags of the server's process */
  readonly serverExecArgv?: readonly string[];
}

export async function measureOfferLatency(options: OfferLatencyOptions = {}): Promise<OfferLatencyResult> {
  const applications = options.applications ?? 10;
  const warmup = options.warmup ?? 1;
  const server = await startBrokerProcess(options.serverExecArgv);
  const { lenders } = server;
  const runs: ApplicationTimings[] = [];
  try {
    for (let i = 0; i < warmup; i++) await runApplication(server.url, lenders);
    for (let i = 1; i <= applications; i++) {
      if (options.verbose) console.log(`  application ${i}:`);
      const { timings: run } = await runApplication(server.url, lenders, { verbose: options.verbose ?? false });
      runs.push(run);
      console.log(
        `  ${String(i).padStart(2)}: first offer ${run.firstOfferMs ?? 'none'} ms, last answer ${run.lastAnswerMs} ms` +
          ` (first sent ${run.firstSentMs} ms, all sent ${run.allSentMs} ms, first answer ${run.firstAnswerMs} ms;` +
          ` ${run.offers} offers, ${run.declines} declines, ${run.noAnswers} no answer, ${run.events} events)`,
      );
    }
  } finally {
    await server.stop();
  }
  const firstOfferMs = summarize(present(runs.map((run) => run.firstOfferMs)));
  const lastAnswerMs = summarize(runs.map((run) => run.lastAnswerMs));
  return {
    applications,
    lenders,
    firstOfferMs,
    lastAnswerMs,
    medians: {
      firstSentMs: summarize(present(runs.map((run) => run.firstSentMs))).median,
      allSentMs: summarize(present(runs.map((run) => run.allSentMs))).median,
      firstAnswerMs: summarize(present(runs.map((run) => run.firstAnswerMs))).median,
    },
    withoutOffer: runs.filter((run) => run.firstOfferMs === null).length,
    targets: TARGETS,
    met: {
      firstOffer: firstOfferMs.max < TARGETS.firstOfferMs,
      lastAnswer: lastAnswerMs.max < TARGETS.lastAnswerMs,
    },
    runs,
  };
}

export function describeOfferLatency(result: OfferLatencyResult): string {
  const mark = (met: boolean) => (met ? 'met' : 'MISSED');
  return [
    `Offer latency (${result.applications} applications, ${result.lenders} lenders, lender delay 0):`,
    `  first offer: median ${result.firstOfferMs.median} ms, max ${result.firstOfferMs.max} ms` +
      ` (target < ${result.targets.firstOfferMs} ms, max included: ${mark(result.met.firstOffer)})`,
    `  last answer: median ${result.lastAnswerMs.median} ms, max ${result.lastAnswerMs.max} ms` +
      ` (target < ${result.targets.lastAnswerMs} ms, max included: ${mark(result.met.lastAnswer)})`,
    `  medians of the steps: first sent ${result.medians.firstSentMs} ms, all sent ${result.medians.allSentMs} ms,` +
      ` first answer ${result.medians.firstAnswerMs} ms`,
  ].join('\n');
}

/** BENCH_APPLICATIONS, BENCH_VERBOSE=1, BENCH_SERVER_EXEC_ARGV (node flags of the server's process) */
export function offerLatencyOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OfferLatencyOptions {
  return {
    applications: env.BENCH_APPLICATIONS ? Number(env.BENCH_APPLICATIONS) : 10,
    verbose: env.BENCH_VERBOSE === '1',
    serverExecArgv: env.BENCH_SERVER_EXEC_ARGV?.split(' ').filter(Boolean) ?? [],
  };
}

if (import.meta.main && process.argv.includes('--serve')) {
  await serve();
} else if (import.meta.main) {
  try {
    const result = await measureOfferLatency(offerLatencyOptionsFromEnv());
    console.log(`\n${describeOfferLatency(result)}`);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}

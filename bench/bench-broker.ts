/**
 * The broker the server benches measure: in this process (bench/status-throughput.ts) or in a child process of its own
 * (bench/offer-latency.ts), which is this module run with --serve.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startBroker, type RunningBroker } from '../tests/support/broker.ts';
import { validApplication } from '../tests/fixtures/application.ts';
import { lendersToAsk } from '../domain/lender-reach.ts';

/** The real server on a free port with the sandbox simulators mounted, lender delay 0, rate limits out of the way. */
export const startBenchBroker = (env: Record<string, string> = {}): Promise<RunningBroker> =>
  startBroker({ storage: 'pglite', logger: false, env: { RATE_LIMIT_SCALE: '1000000', ...env } });

/**
 * How many lenders the benches' applicant (tests/fixtures/application.ts) is sent to: only those whose amount and term
 * ranges and purposes take the loan are asked (domain/lender-reach.ts), 9 of the 16 sandbox lenders; waiting for all 16 to answer
 * never ended.
 */
export const askedLenders = ({ broker }: RunningBroker): number =>
  lendersToAsk(
    [...broker.lenders.values()],
    { amount: validApplication.amount, term: validApplication.term, purpose: validApplication.loanPurpose },
    validApplication.excludedLenders ?? [],
  ).length;

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
export async function serve(): Promise<void> {
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
  process.send?.({ type: 'ready', url: server.url, lenders: askedLenders(server) } satisfies ServerMessage);
}

if (import.meta.main && process.argv.includes('--serve')) await serve();

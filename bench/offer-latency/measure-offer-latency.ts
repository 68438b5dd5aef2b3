import { startBrokerProcess } from '../bench-broker.ts';
import { runApplication, type ApplicationTimings } from './run-application.ts';

export const TARGETS = { firstOfferMs: 300, lastAnswerMs: 1000 } as const;

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

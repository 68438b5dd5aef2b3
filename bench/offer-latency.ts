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
 * first `status` event that shows an offer, and to the first that shows every lender asked (9 of the 16 serve its loan) answered (offer, decline or
 * no answer).
 *
 * Why the server has a process of its own: with the server on the same event loop, an event the server wrote while
 * it was still busy with other lenders' callbacks would be read only once the loop was free, so the figures would
 * include the server's later work; a browser, in a process of its own, sees the bytes when they are written.
 *
 * One unmeasured application first, so the figures are those of a warm server rather than of JIT compilation and
 * first-use initialisation.
 *
 * The broker's start (bench/bench-broker.ts) and one applicant's run (bench/offer-latency/run-application.ts) are
 * shared with bench/status-throughput.ts.
 */
import { serve } from './bench-broker.ts';
import {
  measureOfferLatency,
  type OfferLatencyOptions,
  type OfferLatencyResult,
} from './offer-latency/measure-offer-latency.ts';

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

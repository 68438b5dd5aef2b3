/**
 * `npm run bench:rolling-restart`: a deploy under load. Two broker processes behind a round-robin balancer that
 * follows their /health/ready (bench/rolling-restart/balancer.ts), the simulators in a process of their own, the load
 * of `bench:load` (128 applicants at a time end to end, 1,000 more holding their status stream) for --seconds; while
 * it runs, broker 1 is stopped with SIGTERM, started again and waited for, then broker 2. The applicants behave as
 * real clients do: a failed submission is sent again with the same Idempotency-Key, an ended status stream is opened
 * again. Prints what was lost, and exits 1 when anything was:
 *
 *   - lost applications: accepted (201) but never complete (every lender's answer on the stream), or never accepted
 *   - lost answers: lenders' applications the simulators accepted without an answer recorded for them
 *   - streams not resumed: status streams cut by a restart that no later connection brought a status to
 *
 *   node bench/rolling-restart.ts [--concurrency C] [--holders H] [--seconds S] [--restart-at R] [--drain-ms D] [--pool P]
 */
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startCluster } from '../tests/support/postgres-cluster.ts';
import { freePort } from '../tests/support/postgres-cluster.ts';
import {
  brokerSeats,
  startBroker,
  startSandbox,
  stop,
  type BrokerMember,
  type FleetOptions,
  type Member,
} from './load/fleet.ts';
import { benchDispatcher } from './load/journey.ts';
import { widestLoan } from './load/widest-loan.ts';
import {
  followResuming,
  newTally,
  resilientJourney,
  submitRetrying,
  type ResumingStream,
} from './rolling-restart/applicant.ts';
import { startBalancer } from './rolling-restart/balancer.ts';
import { answersSettled } from './rolling-restart/answers.ts';
import { restartBroker, type RestartTimes } from './rolling-restart/restart.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '128' },
    holders: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '40' },
    'restart-at': { type: 'string', default: '8' },
    'drain-ms': { type: 'string', default: '2000' },
    pool: { type: 'string', default: '10' },
  },
});
const concurrency = Number(values.concurrency);
const holderCount = Number(values.holders);
const seconds = Number(values.seconds);
const restartAt = Number(values['restart-at']);

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const cluster = await startCluster();
const members: Member[] = [];
const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
// anything that goes wrong before the verdict is a failure too
process.exitCode = 1;
try {
  const sandbox = await startSandbox();
  members.push(sandbox);
  const seats = await brokerSeats(2);
  const balancer = await startBalancer(
    await freePort(),
    seats.map((seat) => `http://127.0.0.1:${seat.port}`),
  );
  const fleet: FleetOptions = {
    databaseUrl: cluster.socketUrl ?? cluster.url,
    sandboxUrl: sandbox.url,
    processes: 2,
    poolSize: Number(values.pool),
    // lenders call back, and Smart-ID's returns come, through the balancer: to whichever broker is up
    publicBaseUrl: balancer.url,
    env: { SHUTDOWN_DRAIN_MS: values['drain-ms'] },
  };
  const brokers: BrokerMember[] = [];
  for (const seat of seats) brokers.push(await startBroker(fleet, seat));
  const origin = balancer.url;
  const { loan, lenders } = await widestLoan(origin);
  console.log(
    `rolling restart: 2 brokers behind a balancer that follows /health/ready, drain ${values['drain-ms']} ms; ` +
      `${concurrency} applicants at a time for ${seconds} s and ${holderCount} holding their status stream; ` +
      `${loan.amount} EUR over ${loan.term} months goes to ${lenders} lenders; broker 1 restarts at ${restartAt} s, then broker 2`,
  );

  const tally = newTally();
  const dispatcher = benchDispatcher(concurrency * 2 + holderCount + 50);
  const holderTokens: string[] = [];
  for (let index = 0; index < holderCount; index += 50) {
    const batch = Array.from({ length: Math.min(50, holderCount - index) }, () =>
      submitRetrying(tally, dispatcher, origin, loan),
    );
    holderTokens.push(...(await Promise.all(batch)).filter((token): token is string => token !== null));
  }
  const holdersSubmitted = tally.submitted;
  const holders: ResumingStream[] = holderTokens.map((token) => followResuming(tally, dispatcher, origin, token));
  await Promise.race([Promise.all(holders.map((stream) => stream.opened)), sleep(30_000)]);

  const started = performance.now();
  const restarts: RestartTimes[] = [];
  const restarting = (async () => {
    await sleep(restartAt * 1000);
    for (const [index, broker] of brokers.entries()) {
      const restarted = await restartBroker(fleet, broker);
      brokers[index] = restarted.broker;
      restarts.push(restarted.times);
      console.log(
        `  ${restarted.times.name} at ${Math.round((performance.now() - started) / 1000)} s: SIGTERM to exit ` +
          `${Math.round(restarted.times.stopMs)} ms, start to ready ${Math.round(restarted.times.startMs)} ms`,
      );
    }
  })();
  const durations: number[] = [];
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const took = await resilientJourney(tally, dispatcher, origin, loan);
        if (took !== undefined) durations.push(took);
      }
    }),
  );
  await restarting;
  const elapsed = (performance.now() - started) / 1000;
  for (const stream of holders) stream.close();
  await Promise.all(holders.map((stream) => stream.done));
  const answers = await answersSettled(db, sandbox.url);
  members.push(...brokers);

  const journeysSubmitted = tally.submitted - holdersSubmitted;
  const lostApplications = [...tally.lost.values()].reduce((sum, count) => sum + count, 0);
  const lostAnswers = Math.max(0, answers.accepted - answers.recorded);
  durations.sort((a, b) => a - b);
  console.log(
    `\n${journeysSubmitted} applications submitted and ${tally.completed} reached every lender's answer in ${elapsed.toFixed(1)} s ` +
      `(submission to the last answer p50 ${Math.round(percentile(durations, 50))} ms, p95 ${Math.round(percentile(durations, 95))} ms, ` +
      `max ${Math.round(durations.at(-1) ?? 0)} ms, ${durations.filter((ms) => ms > 120_000).length} over 120 s); ` +
      `${holdersSubmitted} more submitted to hold their stream`,
  );
  console.log(
    `  ${tally.retries} requests sent again (same Idempotency-Key) after a 5xx or a broken connection; the balancer ` +
      `rerouted ${balancer.rerouted} refused connections and answered ${balancer.badGateway} with 502`,
  );
  console.log(
    `  lenders accepted ${answers.accepted} applications and called back ${answers.delivered} answers ` +
      `(${answers.refused} refused); ${answers.recorded} answers recorded`,
  );
  console.log(`  ${tally.cuts} status streams were cut by the restarts and opened again`);
  console.log(`lost applications: ${lostApplications}`);
  for (const [reason, count] of tally.lost) console.log(`  ${count}× ${reason}`);
  console.log(`lost answers: ${lostAnswers}`);
  console.log(`streams not resumed: ${tally.streamsNotResumed}`);
  console.log(
    JSON.stringify({
      submitted: journeysSubmitted,
      completed: tally.completed,
      holders: holdersSubmitted,
      lostApplications,
      lostAnswers,
      streamsCut: tally.cuts,
      streamsNotResumed: tally.streamsNotResumed,
      retries: tally.retries,
      restarts,
      seconds: Math.round(elapsed),
    }),
  );
  process.exitCode = lostApplications > 0 || lostAnswers > 0 || tally.streamsNotResumed > 0 ? 1 : 0;
  await dispatcher.destroy();
  await balancer.close();
} finally {
  await db.end();
  await stop(members);
  cluster.stop();
}
// the brokers' keep-alive pools and the dispatcher's timers must not hold the verdict back
process.exit();

/**
 * `npm run bench:load`: a campaign day on this machine. A throwaway PostgreSQL cluster, the
 * simulators in a process of their own (Smart-ID and the lenders answer at once) and N broker
 * processes; workers drive applications end to end over HTTP (submit, Smart-ID, every lender's
 * answer on the status stream) for the given time, while 1,000 applicants hold their status
 * streams open. Prints a summary, then one JSON line.
 *
 *   node bench/load/run.ts [--processes N] [--concurrency C] [--seconds S] [--warmup W] [--holders H] [--pool P] [--statements] [--tcp]
 *
 * The measured seconds follow W seconds (default 10) of the same load, not counted: a campaign meets processes that
 * have served for a while. Cold, the first second's hundred-odd identified applications each open fifteen lender
 * sends while every process still compiles its hot paths; with four brokers some of those sends wait ten seconds
 * and are retried, which would make a 60 s run's p95 a measure of the start (docs/scaling.md).
 *
 * The brokers reach PostgreSQL over its unix socket, as an install with the database on the same machine
 * would; --tcp makes them use loopback TCP instead, whose kernel work each statement's write pays for.
 *
 * --statements loads pg_stat_statements into the throwaway cluster and prints the statements that
 * took the database's time.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from '../../tests/support/postgres-cluster.ts';
import { jobsPerApplication, serverSteps, topStatements } from './database-report.ts';
import {
  cpuSeconds,
  machineCpuSeconds,
  postgresCpuSeconds,
  rssMb,
  startBrokers,
  startSandbox,
  stop,
  type Member,
} from './fleet.ts';
import { benchDispatcher, follow, journey, submit, type JourneyTimes, type Stream } from './journey.ts';
import { widestLoan } from './widest-loan.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: String(availableParallelism()) },
    concurrency: { type: 'string', default: '128' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    holders: { type: 'string', default: '1000' },
    pool: { type: 'string', default: '10' },
    statements: { type: 'boolean', default: false },
    tcp: { type: 'boolean', default: false },
  },
});
const processes = Number(values.processes);
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
const warmupSeconds = Number(values.warmup);
const holderCount = Number(values.holders);
const poolSize = Number(values.pool);

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const cluster = await startCluster(
  values.statements ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] : [],
);
const members: Member[] = [];
const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
try {
  const sandbox = await startSandbox();
  members.push(sandbox);
  const databaseUrl = values.tcp ? cluster.url : (cluster.socketUrl ?? cluster.url);
  const brokers = await startBrokers({ databaseUrl, sandboxUrl: sandbox.url, processes, poolSize });
  members.push(...brokers);
  const origins = brokers.map((broker) => broker.url);
  const { loan, lenders, of } = await widestLoan(origins[0] ?? '');
  console.log(
    `load: ${processes} broker process(es), pool ${poolSize} each over ${databaseUrl === cluster.url ? 'TCP' : 'the unix socket'}, ${concurrency} applicants at a time for ${seconds} s, ` +
      `${holderCount} waiting applicants holding the status stream; ${loan.amount} EUR over ${loan.term} months goes to ${lenders} of ${of} lenders`,
  );

  const dispatcher = benchDispatcher(concurrency * 2 + holderCount + 50);
  // memory a held stream costs: the brokers' resident memory before and after the holders open
  const rssIdle = members.map((member) => rssMb(member.child.pid));
  // the waiting applicants: submitted, on the method choice, their stream open the whole run
  const holderTokens: string[] = [];
  for (let index = 0; index < holderCount; index += 50) {
    const batch = Array.from({ length: Math.min(50, holderCount - index) }, (_, offset) =>
      submit(dispatcher, origins[(index + offset) % origins.length] ?? '', loan),
    );
    holderTokens.push(...(await Promise.all(batch)));
  }
  let sseErrors = 0;
  const holders: Stream[] = holderTokens.map((token, index) =>
    follow(dispatcher, origins[index % origins.length] ?? '', token),
  );
  const holding = holders.map((stream) => stream.done.catch(() => void (sseErrors += 1)));
  await Promise.race([Promise.all(holders.map((stream) => stream.opened)), new Promise((r) => setTimeout(r, 30_000))]);

  const failedIn = (failures: ReadonlyMap<string, number>) =>
    [...failures.values()].reduce((sum, count) => sum + count, 0);
  /** `concurrency` applicants, each starting a new journey as soon as the last ended, until the deadline. */
  let next = 0;
  const drive = async (deadline: number, journeys: JourneyTimes[], failures: Map<string, number>) => {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const origin = origins[next++ % origins.length] ?? '';
          try {
            journeys.push(await journey(dispatcher, origin, loan));
          } catch (error) {
            const reason = (error as Error).message.slice(0, 80);
            failures.set(reason, (failures.get(reason) ?? 0) + 1);
          }
        }
      }),
    );
  };
  const warmupFailures = new Map<string, number>();
  const warmupJourneys: JourneyTimes[] = [];
  await drive(performance.now() + warmupSeconds * 1000, warmupJourneys, warmupFailures);
  const warmupFailed = failedIn(warmupFailures);
  console.log(
    `warm-up: ${warmupJourneys.length} applications in ${warmupSeconds} s, not counted; ${warmupFailed} failed`,
  );
  for (const [reason, count] of warmupFailures) console.log(`  failed ${count}× in the warm-up: ${reason}`);

  if (values.statements) {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('SELECT pg_stat_statements_reset()');
  }
  const rssBefore = members.map((member) => rssMb(member.child.pid));
  const brokerIndexes = members.flatMap((member, index) => (member.name.startsWith('broker') ? [index] : []));
  const streamKb =
    (brokerIndexes.reduce((sum, index) => sum + (rssBefore[index] ?? 0) - (rssIdle[index] ?? 0), 0) * 1024) /
    Math.max(1, holderCount);
  console.log(`the held streams took ${Math.round(streamKb)} kB of broker memory each (submissions included)`);
  // where the machine's two cores went: each process's CPU seconds over the run
  // the load generator (this process, with its held streams) shares the cores: it is counted apart
  const cpu = () => [
    ...members.map((member) => cpuSeconds(member.child.pid)),
    postgresCpuSeconds(cluster.dataDir),
    cpuSeconds(process.pid),
    machineCpuSeconds(),
  ];
  const cpuBefore = cpu();
  let dbConnections = 0;
  const sampler = setInterval(() => {
    void db
      .query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE backend_type = $1', [
        'client backend',
      ])
      .then(({ rows }) => (dbConnections = Math.max(dbConnections, rows[0]?.count ?? 0)))
      .catch(() => undefined);
  }, 1000);

  const journeys: JourneyTimes[] = [];
  const failures = new Map<string, number>();
  const measuredSince = (await db.query<{ now: Date }>('SELECT now()')).rows[0]?.now ?? new Date();
  const started = performance.now();
  // memory after warm-up: caches and the heap reach their working size in the first third of the
  // run; what grows after that grows with the number of applications
  let rssWarm = rssBefore;
  let liveWarm = members.map((member) => member.liveHeapMb());
  const warm = setTimeout(
    () => {
      rssWarm = members.map((member) => rssMb(member.child.pid));
      liveWarm = members.map((member) => member.liveHeapMb());
    },
    (seconds * 1000) / 3,
  );
  // and every five seconds, to see whether it levels off
  const rssTimeline: number[][] = [];
  const liveTimeline: (number | null)[][] = [];
  const timeline = setInterval(() => {
    rssTimeline.push(members.map((member) => rssMb(member.child.pid)));
    liveTimeline.push(members.map((member) => member.liveHeapMb()));
  }, 5000);
  await drive(started + seconds * 1000, journeys, failures);
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearTimeout(warm);
  clearInterval(timeline);
  const rssAfter = members.map((member) => rssMb(member.child.pid));
  const liveAfter = members.map((member) => member.liveHeapMb());
  const cpuAfter = cpu();
  const cpuNames = [...members.map((member) => member.name), 'postgres'];
  const [generatorCpu, machineCpu] = [cpuNames.length, cpuNames.length + 1].map((index) =>
    round((cpuAfter[index] ?? 0) - (cpuBefore[index] ?? 0)),
  );
  for (const stream of holders) stream.close();
  await Promise.all(holding);
  const openedHolders = holders.length - sseErrors;

  const duplicates = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT application_id, lender_id FROM offers GROUP BY 1, 2 HAVING count(*) > 1) d`,
  );
  const unanswered = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM lender_requests r JOIN applications a ON a.id = r.application_id
     WHERE a.identified_at IS NOT NULL AND r.answered_at IS NULL`,
  );
  const offers = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM offers');
  const sortedBy = (step: keyof JourneyTimes) => journeys.map((times) => times[step]).sort((a, b) => a - b);
  const sorted = sortedBy('allAnswered');
  const failed = failedIn(failures) + warmupFailed;
  const result = {
    applicationsPerSecond: round(journeys.length / elapsed),
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    completed: journeys.length,
    failed,
    sseClients: openedHolders,
    sseErrors,
    rssGrowthMb: Object.fromEntries(
      members.map((member, index) => [member.name, round((rssAfter[index] ?? 0) - (rssWarm[index] ?? 0))]),
    ),
    // the heap left live by the latest full collection, a third into the run and at its end: a leak shows here,
    // while resident memory also holds what V8 collected but keeps
    liveHeapGrowthMb: Object.fromEntries(
      members.map((member, index) => {
        const [before, after] = [liveWarm[index], liveAfter[index]];
        return [member.name, before == null || after == null ? null : round(after - before)];
      }),
    ),
    cpuSeconds: Object.fromEntries(
      cpuNames.map((name, index) => [name, round((cpuAfter[index] ?? 0) - (cpuBefore[index] ?? 0))]),
    ),
    dbConnections,
    dbTransport: databaseUrl === cluster.url ? 'tcp' : 'unixSocket',
    duplicatedOffers: duplicates.rows[0]?.count ?? 0,
    unansweredLenderRequests: unanswered.rows[0]?.count ?? 0,
    offers: offers.rows[0]?.count ?? 0,
    lendersPerApplication: lenders,
    processes,
    concurrency,
    seconds: round(elapsed),
    warmupSeconds,
  };
  console.log(
    `\n${result.completed} applications end to end in ${result.seconds} s: ${result.applicationsPerSecond} a second ` +
      `(goal ≥ 100), submission to the last lender's answer p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms; ${failed} failed`,
  );
  for (const [reason, count] of failures) console.log(`  failed ${count}×: ${reason}`);
  // where the time goes: each step's median and 95th percentile since the submission started
  for (const step of ['submitted', 'identified', 'firstAnswer', 'allAnswered'] as const) {
    const times = sortedBy(step);
    console.log(
      `  ${step.padEnd(12)} p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms`,
    );
  }
  console.log(
    `${openedHolders} of ${holderCount} waiting applicants held their status stream, ${sseErrors} stream errors (goal 0); ` +
      `at most ${dbConnections} database connections; ${result.offers} offers, ${result.duplicatedOffers} duplicated (goal 0), ` +
      `${result.unansweredLenderRequests} lender requests of identified applications unanswered`,
  );
  const cpuTotal = Object.values(result.cpuSeconds).reduce((sum, value) => sum + value, 0);
  console.log(
    `  CPU over the run: ${cpuNames.map((name) => `${name} ${result.cpuSeconds[name]} s`).join(', ')}; ` +
      `${Math.round((cpuTotal * 1000) / Math.max(1, journeys.length))} ms of CPU per application; ` +
      `the load generator ${generatorCpu} s (${round(((generatorCpu ?? 0) * 1000) / Math.max(1, journeys.length))} ms an application), ` +
      `the whole machine ${machineCpu} s of ${round(elapsed * availableParallelism())} s`,
  );
  const steps = await serverSteps(db, measuredSince);
  const jobs = await jobsPerApplication(db);
  console.log(
    `  jobs per application: ${jobs.map(({ queue, perApplication }) => `${queue} ${perApplication}`).join(', ')}`,
  );
  console.log(
    `  in the database: identified ${steps.identifiedMs.join('/')} ms after the submission, sent to a lender ` +
      `${steps.sentMs.join('/')} ms after that, answered ${steps.answeredMs.join('/')} ms after the send (p50/p95)`,
  );
  if (values.statements) {
    for (const by of ['total_exec_time', 'calls'] as const) {
      const { calls, top } = await topStatements(db, by);
      console.log(
        `  ${calls} statements, ${round(calls / Math.max(1, journeys.length))} per application; ` +
          (by === 'calls' ? 'the most frequent:' : 'the costliest:'),
      );
      for (const statement of top)
        console.log(
          `    ${String(statement.totalMs).padStart(7)} ms ${String(statement.calls).padStart(7)}× ${statement.query}`,
        );
    }
  }
  for (const [index, member] of members.entries())
    console.log(
      `  ${member.name}: ${round(rssBefore[index] ?? 0)} → ${round(rssWarm[index] ?? 0)} (a third into the run) → ` +
        `${round(rssAfter[index] ?? 0)} MB resident; rssGrowthMb is the growth after the first third`,
    );
  for (const [index, member] of members.entries())
    console.log(
      `  ${member.name} every 5 s: ${rssTimeline.map((sample) => Math.round(sample[index] ?? 0)).join(' ')} MB ` +
        `resident, ${liveTimeline.map((sample) => (sample[index] == null ? '-' : Math.round(sample[index]))).join(' ')} ` +
        `MB live after the latest full GC`,
    );
  // whatever is still open (a stream the server never ended) must not hold the result back
  await dispatcher.destroy();
  console.log(JSON.stringify(result));
} finally {
  await db.end();
  await stop(members);
  cluster.stop();
}

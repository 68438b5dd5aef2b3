import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests/support/postgres-cluster.ts';

/**
 * The processes the load bench drives: the simulators in a process of their own (Smart-ID ends every
 * session OK at once, the lenders answer at once) and N broker processes on one PostgreSQL, each
 * started by its real entry (`node server/sandbox/main.ts` with SANDBOX=off), as a deployment runs them.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Member {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** the heap left live by the process's latest full garbage collection, in MB (null before the first) */
  readonly liveHeapMb: () => number | null;
}

/** V8's --trace-gc line of a full collection: `Mark-Compact 212.3 (230.1) -> 61.8 (228.9) MB, …` */
const FULL_GC = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds a process has used so far (user and system), from /proc. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has been busy (every core, every process), from /proc/stat. */
export function machineCpuSeconds(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
}

/** CPU seconds of the PostgreSQL server and every backend it forked (finished ones included). */
export function postgresCpuSeconds(dataDir: string | undefined): number {
  if (dataDir === undefined) return 0;
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime, stime, and the waited-for children's cutime, cstime: backends that ended count too
    const own = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / CLOCK_TICKS;
    let children = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        if (Number(stat[1]) === postmaster) children += (Number(stat[11]) + Number(stat[12])) / CLOCK_TICKS;
      } catch {
        // ended meanwhile
      }
    }
    return own + children;
  } catch {
    return 0;
  }
}

async function ready(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready in 60 s (${url})`);
}

/**
 * Starts a server process with --trace-gc, whose lines of full collections give the live heap: resident memory
 * alone cannot tell a leak from V8 keeping pages it has collected. Every other line goes on to this stdout.
 */
function start(name: string, entry: string, env: Record<string, string>): Omit<Member, 'url'> {
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: to profile the servers under load
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // the young generation's collections are many a second under load: printing and reading their lines was a
  // quarter of the load generator's CPU, and they say nothing about the live heap
  const child = spawn(process.execPath, ['--trace-gc', '--trace-gc-ignore-scavenger', ...nodeArgs, entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let liveHeapMb: number | null = null;
  createInterface({ input: present(child.stdout) }).on('line', (line) => {
    const full = FULL_GC.exec(line);
    if (full) liveHeapMb = Number(full[1]);
    else if (!line.includes('Mark-Compact')) console.log(line);
  });
  // a crash of the bench must not leave servers running
  process.once('exit', () => child.kill('SIGKILL'));
  return { name, child, liveHeapMb: () => liveHeapMb };
}

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('the child process has no stdout');
  return value;
}

export async function startSandbox(): Promise<Member> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sandbox = start('sandbox', 'server/sandbox/standalone.ts', {
    PORT: String(port),
    SANDBOX_LENDER_DELAY_MS: '0',
    SMART_ID_SANDBOX_AUTO: 'OK',
  });
  await ready(`${url}/sandbox/smart-id/app`, sandbox.child, 'the sandbox');
  return { ...sandbox, url };
}

export interface FleetOptions {
  readonly databaseUrl: string;
  readonly sandboxUrl: string;
  readonly processes: number;
  /** connections each broker's pool may hold (DATABASE_POOL_SIZE) */
  readonly poolSize: number;
  /** where lenders call back and identity providers return; default each broker's own address */
  readonly publicBaseUrl?: string;
  /** more environment for every broker (SHUTDOWN_DRAIN_MS) */
  readonly env?: Readonly<Record<string, string>>;
}

/** What a broker process is started with, kept so that it can be started again the same (bench:rolling-restart). */
export interface BrokerSeat {
  readonly name: string;
  readonly port: number;
  /** the fleet's encryption key: every process reads what the others wrote */
  readonly key: string;
}

export interface BrokerMember extends Member {
  readonly seat: BrokerSeat;
}

/** The seats of N brokers: a free port each and one key for all. */
export async function brokerSeats(processes: number): Promise<BrokerSeat[]> {
  const key = `bench:${randomBytes(32).toString('base64')}`;
  const seats: BrokerSeat[] = [];
  for (let index = 0; index < processes; index += 1)
    seats.push({ name: `broker ${index + 1}`, port: await freePort(), key });
  return seats;
}

/** One broker on its seat, by its real entry; resolves once it says it is ready. */
export async function startBroker(options: FleetOptions, seat: BrokerSeat): Promise<BrokerMember> {
  const url = `http://127.0.0.1:${seat.port}`;
  const { databaseUrl, sandboxUrl, poolSize } = options;
  const broker = start(seat.name, 'server/sandbox/main.ts', {
    PORT: String(seat.port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: options.publicBaseUrl ?? url,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    ENCRYPTION_KEYS: seat.key,
    SANDBOX: 'off',
    SERVE_SITE: 'off',
    BANK_LINK_BASE_URL: `${sandboxUrl}/sandbox/banks`,
    SMART_ID_BASE_URL: `${sandboxUrl}/sandbox/smart-id/v2`,
    EPARAKSTS_BASE_URL: `${sandboxUrl}/sandbox/eparaksts`,
    LENDERS_BASE_URL: `${sandboxUrl}/sandbox/lenders`,
    // one address sends everything: per-address limits are for people, not for a load generator
    RATE_LIMIT_SCALE: '1000000',
    ...options.env,
  });
  await ready(`${url}/health/ready`, broker.child, seat.name);
  return { ...broker, url, seat };
}

/** N brokers on one database; the first runs the migrations before the others start. */
export async function startBrokers(options: FleetOptions): Promise<BrokerMember[]> {
  const brokers: BrokerMember[] = [];
  for (const seat of await brokerSeats(options.processes)) brokers.push(await startBroker(options, seat));
  return brokers;
}

export async function stop(members: readonly Member[]): Promise<void> {
  await Promise.all(
    members.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

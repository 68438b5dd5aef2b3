import { startBroker, type BrokerMember, type FleetOptions } from '../load/fleet.ts';

export interface RestartTimes {
  readonly name: string;
  /** from SIGTERM to the process's exit: the drain, then the close */
  readonly stopMs: number;
  /** from the new process's start to its first ready answer */
  readonly startMs: number;
}

/** SIGTERM, wait for the exit, start the same broker again on its seat, wait until it says it is ready. */
export async function restartBroker(
  options: FleetOptions,
  broker: BrokerMember,
): Promise<{ broker: BrokerMember; times: RestartTimes }> {
  const signalled = performance.now();
  const exited = new Promise<number | null>((resolve) => broker.child.once('exit', (code) => resolve(code)));
  broker.child.kill('SIGTERM');
  const code = await exited;
  const stopMs = performance.now() - signalled;
  if (code !== 0) throw new Error(`${broker.name} exited with ${code} on SIGTERM`);
  const starting = performance.now();
  const restarted = await startBroker(options, broker.seat);
  return { broker: restarted, times: { name: broker.name, stopMs, startMs: performance.now() - starting } };
}

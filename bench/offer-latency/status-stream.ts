/** The server-sent events stream, read the way a browser's EventSource does. */
import { performance } from 'node:perf_hooks';
import type { ApplicationStatus } from '../../domain/api.ts';
import { expectStatus } from './applicant.ts';

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

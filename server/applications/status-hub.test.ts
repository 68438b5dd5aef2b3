import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { createStatusHub } from './status-hub.ts';

/** A database whose NOTIFYs the test sends itself. */
function notifyingDatabase() {
  let deliver: (payload: string) => void = () => undefined;
  const db = {
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      deliver = onPayload;
      return async () => undefined;
    },
  } as unknown as Database;
  return { db, notify: (applicationId: string) => deliver(applicationId) };
}

describe('the status hub', () => {
  afterEach(() => vi.useRealTimers());

  it("serves a body this process remembered without building it, until the application's first change", async () => {
    const { db, notify } = notifyingDatabase();
    const build = vi.fn(async () => JSON.stringify({ built: true }));
    const hub = await createStatusHub(db, build, 0);
    hub.remember('new-application', '{"state":"draft"}');
    expect(String(await hub.body('new-application'))).toBe('{"state":"draft"}');
    expect(build).not.toHaveBeenCalled();

    notify('new-application');
    hub.remember('new-application', '{"state":"stale"}');
    expect(String(await hub.body('new-application'))).toBe('{"built":true}');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds a burst of changes to a watched application once, and sends its streams the latest body', async () => {
    vi.useFakeTimers();
    const { db, notify } = notifyingDatabase();
    let version = 0;
    const build = vi.fn(async () => JSON.stringify({ version }));
    const hub = await createStatusHub(db, build, 100);
    const sent: string[] = [];
    hub.subscribe('application-1', (body) => sent.push(String(body)));

    // the identification, then the sends and two lenders' answers, within the window
    for (const at of [0, 30, 60, 90]) {
      await vi.advanceTimersByTimeAsync(at === 0 ? 0 : 30);
      version = at;
      notify('application-1');
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(build).toHaveBeenCalledTimes(1);
    expect(sent).toEqual(['{"version":90}']);

    // a change while that body is being built asks for one more build after it, not one per change
    let finish: () => void = () => undefined;
    build.mockImplementationOnce(
      () => new Promise<string>((resolve) => (finish = () => resolve(JSON.stringify({ version: 'slow' })))),
    );
    notify('application-1');
    await vi.advanceTimersByTimeAsync(100);
    version = 200;
    notify('application-1');
    notify('application-1');
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(build).toHaveBeenCalledTimes(3);
    expect(sent).toEqual(['{"version":90}', '{"version":"slow"}', '{"version":200}']);

    // an application nobody watches is not built at all
    notify('application-2');
    await vi.advanceTimersByTimeAsync(200);
    expect(build).toHaveBeenCalledTimes(3);
    await hub.close();
  });
});

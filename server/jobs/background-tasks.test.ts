import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from './background-tasks.ts';

describe('background tasks', () => {
  it('runs one task a key at a time, and the key again once it ended', async () => {
    const tasks = createBackgroundTasks(() => undefined);
    let release = () => {};
    const first = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const second = vi.fn(async () => {});
    expect(tasks.run('session-1', first)).toBe(true);
    // taken as done: the running task of the key stands for it
    expect(tasks.run('session-1', second)).toBe(true);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(tasks.size).toBe(1);
    release();
    await vi.waitFor(() => expect(tasks.size).toBe(0));
    tasks.run('session-1', second);
    expect(second).toHaveBeenCalledTimes(1);
    await tasks.close();
  });

  it('reports a failure with its key, and closing aborts every task and waits for it', async () => {
    const failures: string[] = [];
    const tasks = createBackgroundTasks((key, error) => failures.push(`${key}: ${(error as Error).message}`));
    tasks.run('broken', async () => {
      throw new Error('no answer');
    });
    let sawAbort = false;
    tasks.run(
      'long',
      (signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            sawAbort = true;
            // ending takes a moment after the abort: close waits for it
            setTimeout(resolve, 20);
          }),
        ),
    );
    await vi.waitFor(() => expect(failures).toEqual(['broken: no answer']));
    await tasks.close();
    expect(sawAbort).toBe(true);
    expect(tasks.size).toBe(0);
    // a closed set starts nothing more, and says so
    const late = vi.fn(async () => {});
    expect(tasks.run('late', late)).toBe(false);
    expect(late).not.toHaveBeenCalled();
  });
});

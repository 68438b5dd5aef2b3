/**
 * Work a process does beside its requests and its queued jobs, such as following a Smart-ID session: each task has
 * a key, runs at most once at a time in this process, and is told to stop (its signal aborts) when the process
 * closes. What a task leaves unfinished when its process stops is for the database to show and a sweep to resume.
 */
export interface BackgroundTasks {
  /**
   * Starts the task unless a task of the same key is running here; a task's failure goes to `onError`. False when
   * the task did not start because the tasks are closing.
   */
  run(key: string, task: (signal: AbortSignal) => Promise<void>): boolean;
  /** How many tasks are running. */
  readonly size: number;
  /** Aborts every task and waits until each has ended. */
  close(): Promise<void>;
}

export function createBackgroundTasks(onError: (key: string, error: unknown) => void): BackgroundTasks {
  const running = new Map<string, Promise<void>>();
  const stop = new AbortController();
  return {
    run(key, task) {
      if (stop.signal.aborted) return false;
      if (running.has(key)) return true;
      const done = task(stop.signal)
        .catch((error: unknown) => {
          if (!stop.signal.aborted) onError(key, error);
        })
        .finally(() => running.delete(key));
      running.set(key, done);
      return true;
    },
    get size() {
      return running.size;
    },
    async close() {
      stop.abort();
      await Promise.all(running.values());
    },
  };
}

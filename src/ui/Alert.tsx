import type { ReactNode } from 'react';

/**
 * A message about what just happened. `error` interrupts the screen reader (role="alert");
 * `info` waits its turn (role="status"). Render it when the message appears, so it is announced.
 */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert alert--${tone}`}>
      {children}
    </div>
  );
}

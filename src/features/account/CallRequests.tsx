import { useMemo } from 'react';
import type { CallRequestPort } from '../../ui/call-request/call-request-port.ts';
import { CallRequestPanel } from '../../ui/call-request/CallRequestPanel.tsx';
import { useAccountClient } from './account-context.ts';

/**
 * An application's call waiting for a consultant, to move to another slot or cancel; while the application is open
 * (`canAsk`), the way to ask for one, else nothing when none waits.
 */
export function CallRequests({ applicationId, canAsk }: { applicationId: string; canAsk: boolean }) {
  const calls = useAccountClient().callRequests;
  const port = useMemo<CallRequestPort | null>(
    () =>
      calls
        ? {
            slots: () => calls.slots(),
            current: () => calls.current(applicationId),
            ...(canAsk ? { create: (slotStart, question) => calls.create(applicationId, slotStart, question) } : {}),
            move: (slotStart) => calls.move(applicationId, slotStart),
            cancel: () => calls.cancel(applicationId),
          }
        : null,
    [calls, applicationId, canAsk],
  );
  return port ? <CallRequestPanel port={port} headingLevel={4} /> : null;
}

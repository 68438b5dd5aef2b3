import { useMemo } from 'react';
import type { CallRequestPort } from '../../ui/call-request/call-request-port.ts';
import { CallRequestPanel } from '../../ui/call-request/CallRequestPanel.tsx';
import { useAccountClient } from './account-context.ts';

/** An application's call waiting for a consultant, to move to another slot or cancel; nothing when none waits. */
export function CallRequests({ applicationId }: { applicationId: string }) {
  const calls = useAccountClient().callRequests;
  const port = useMemo<CallRequestPort | null>(
    () =>
      calls
        ? {
            slots: () => calls.slots(),
            current: () => calls.current(applicationId),
            move: (slotStart) => calls.move(applicationId, slotStart),
            cancel: () => calls.cancel(applicationId),
          }
        : null,
    [calls, applicationId],
  );
  return port ? <CallRequestPanel port={port} headingLevel={3} /> : null;
}

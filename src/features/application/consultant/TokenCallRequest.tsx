import { useMemo } from 'react';
import type { CallRequestsClient } from '../../../api/call-requests-client.ts';
import type { CallRequestPort } from '../../../ui/call-request/call-request-port.ts';
import { CallRequestPanel } from '../../../ui/call-request/CallRequestPanel.tsx';

/** The panel bound to the application's token. */
export function TokenCallRequest({ token, client }: { token: string; client: CallRequestsClient }) {
  const port = useMemo<CallRequestPort>(
    () => ({
      slots: () => client.slots(),
      current: () => client.current(token),
      create: (slotStart, question) => client.create(token, slotStart, question),
      move: (slotStart) => client.move(token, slotStart),
      cancel: () => client.cancel(token),
    }),
    [client, token],
  );
  return <CallRequestPanel port={port} />;
}

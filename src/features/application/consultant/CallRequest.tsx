import { lazy, memo, Suspense } from 'react';
import { useWorkflow } from '../workflow-context.tsx';
import { useWorkflowServices } from '../workflow-services.tsx';

const TokenCallRequest = lazy(async () => ({ default: (await import('./TokenCallRequest.tsx')).TokenCallRequest }));

/**
 * "Ask a consultant to call me" below a screen's own content. Its code, words and slots come after the screen,
 * so the screen neither grows nor waits for them; nothing without a token or a client to ask with. Memoised: it takes
 * no props, and its form need not render again each time the screen above it does (a choice of offer pressed).
 */
export const CallRequest = memo(function CallRequest() {
  const token = useWorkflow((snapshot) => snapshot.context.token);
  const client = useWorkflowServices()?.calls;
  if (!token || !client) return null;
  return (
    <Suspense fallback={null}>
      <TokenCallRequest token={token} client={client} />
    </Suspense>
  );
});

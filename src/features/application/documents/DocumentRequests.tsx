import { lazy, Suspense } from 'react';
import type { LenderStatus } from '../../../../domain/api.ts';

const RequestList = lazy(async () => ({ default: (await import('./RequestList.tsx')).RequestList }));

/**
 * The lenders' documents requests of the application, each under its lender: what is asked, by when, and the way
 * to answer it. Nothing when no lender asked. Its code and words come only when a lender asks, so the screen around
 * it neither grows nor waits for them.
 */
export function DocumentRequests({ lenders }: { lenders: readonly LenderStatus[] }) {
  const asking = lenders.filter((lender) => lender.documentRequests.length > 0);
  if (asking.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RequestList lenders={asking} />
    </Suspense>
  );
}

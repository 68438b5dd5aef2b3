import type { ProductKey } from '../../domain/loan-options.ts';

/** The path of domain/contract/staff-reports.ts's recordFunnelEvent, written here so the first step loads no zod. */
const FUNNEL_EVENTS_PATH = '/api/funnelEvents';
const PUBLISHER_ID = /^[\w.-]{1,64}$/;

const reported = new Set<string>();

/** The publisher the visit came from, as the storage rules kept it (src/tracking/storage-rules.ts), if any. */
function publisherOfVisit(): string | undefined {
  try {
    const value = window.sessionStorage.getItem('publisherId');
    return value !== null && PUBLISHER_ID.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the server, once a page, that the calculator was used or the application form started: the funnel's first
 * two stages, which nothing else records. Only the product and the publisher go; no cookie is set or read. A
 * failure is nobody's concern: a count may be missed, the page never waits for it.
 */
export function reportFunnelEvent(kind: 'calculator' | 'started', product: ProductKey): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function' || reported.has(kind)) return;
  reported.add(kind);
  const publisherId = publisherOfVisit();
  try {
    void fetch(FUNNEL_EVENTS_PATH, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, product, ...(publisherId ? { publisherId } : {}) }),
    }).catch(() => undefined);
  } catch {
    // a page without a network (a test's) has no count to give
  }
}

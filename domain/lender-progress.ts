import type { LenderProgress } from './api.ts';

/** Lenders that have said their last word: an offer, a refusal, or nothing in time. */
export const ANSWERED_PROGRESS: ReadonlySet<LenderProgress> = new Set(['offer', 'declined', 'noAnswer']);
export const isAnswered = (progress: LenderProgress): boolean => ANSWERED_PROGRESS.has(progress);

/** How many of the lenders have answered. */
export const answeredCount = (lenders: readonly { readonly progress: LenderProgress }[]): number =>
  lenders.filter((lender) => isAnswered(lender.progress)).length;

/** Row states of lender_requests; `sending` is a claim with a lease, so a crashed sender's row is picked up again. */
export type LenderRequestState = 'queued' | 'sending' | 'sent' | 'offer' | 'declined' | 'failed' | 'timeout';

export const PENDING_LENDER_STATES: readonly LenderRequestState[] = ['queued', 'sending', 'sent'];

/**
 * A lender's progress from its request's row; `documentsOpen`: it asked the person for documents that the person
 * has not sent yet (a lender still deciding waits for them; one that has answered has said its word).
 */
export function lenderProgress(state: LenderRequestState, documentsOpen = false): LenderProgress {
  switch (state) {
    case 'queued':
    case 'sending':
      return documentsOpen ? 'documentsRequested' : 'queued';
    case 'sent':
      return documentsOpen ? 'documentsRequested' : 'sent';
    case 'offer':
      return 'offer';
    case 'declined':
      return 'declined';
    case 'failed':
    case 'timeout':
      return 'noAnswer';
  }
}

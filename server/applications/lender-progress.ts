import type { LenderProgress } from '../../src/domain/api.ts';

/** Row states of lender_requests; `sending` is a claim with a lease, so a crashed sender's row is picked up again. */
export type LenderRequestState = 'queued' | 'sending' | 'sent' | 'offer' | 'declined' | 'failed' | 'timeout';

export const PENDING_LENDER_STATES: readonly LenderRequestState[] = ['queued', 'sending', 'sent'];

export function lenderProgress(state: LenderRequestState): LenderProgress {
  switch (state) {
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'offer':
      return 'offer';
    case 'declined':
      return 'declined';
    case 'failed':
    case 'timeout':
      return 'noAnswer';
  }
}

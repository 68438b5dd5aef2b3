import { z } from 'zod';
import type { LenderOfferTerms } from '../../../domain/offer.ts';
import type { PartnerApplication, PartnerDocumentItem } from '../../lenders/messages.ts';
import { InMemoryNonceStore } from '../../lenders/partner-protocol.ts';

/**
 * What the sandbox lenders remember between requests, per registration: the routes, the answer scheduling and the
 * callback sender all read and write it, and `reset` must forget it all at once (and stop the background work).
 */

export const SANDBOX_BEHAVIOUR_MODES = ['normal', 'error500', 'silent', 'malformedCallback', 'badSignature'] as const;
export type SandboxBehaviourMode = (typeof SANDBOX_BEHAVIOUR_MODES)[number];

export const sandboxBehaviourSchema = z.object({
  mode: z.enum(SANDBOX_BEHAVIOUR_MODES),
  delayMs: z.number().int().min(0).max(3_600_000).optional(),
});
export type SandboxBehaviour = z.infer<typeof sandboxBehaviourSchema>;

/** POST {prefix}/clock: how far to move a ManualClock, at most an hour at a time */
export const clockAdvanceSchema = z.object({ advanceMs: z.number().int().min(0).max(3_600_000) });

export interface LenderSandboxStats {
  /** every POST of an application received (signed or not, replays and repeats included) */
  deliveries: number;
  /** distinct idempotency keys accepted */
  applications: number;
  /** distinct idempotency keys accepted, per applicationRef */
  byApplicationRef: Record<string, number>;
  /** accepted deliveries (repeats included) per applicationRef */
  deliveriesByApplicationRef: Record<string, number>;
  /** callback POSTs made (retries included) */
  callbackAttempts: number;
  /** callbacks the broker answered with 2xx */
  callbacksDelivered: number;
  /** callbacks the broker refused with 4xx (not retried) */
  callbacksRefused: number;
}

/** A broker's word that an application this lender got is withdrawn (erasure or the person's withdrawal). */
export interface WithdrawalRecord {
  readonly lenderId: string;
  readonly reference: string;
  readonly applicationRef: string | null;
  /** the broker's idempotency key: one record per key, however often it came */
  readonly requestId: string;
  readonly reason: string;
  readonly receivedAt: string;
}

export interface AcceptedApplication {
  readonly reference: string;
  readonly applicationRef: string;
  /** what the broker sent: a human review looks at it again */
  readonly application: PartnerApplication;
}

/** A person's request for human review of this lender's decline, as the broker forwarded it. */
export interface ReviewRecord {
  readonly lenderId: string;
  readonly reference: string;
  readonly applicationRef: string;
  readonly requestId: string;
  readonly language: string;
  readonly message: string | null;
  /** the request's signature checked out (the route refuses others, so always true here; tests read it) */
  readonly signed: true;
  readonly receivedAt: string;
  outcome?: 'upheld' | 'offer';
}

export interface OfferRecord {
  readonly lenderId: string;
  readonly requestId: string;
  readonly applicationRef: string;
  readonly callbackUrl: string;
  readonly terms: LenderOfferTerms;
  contractRef?: string;
}

/** A documents request this lender made, waiting for the broker to deliver every item. */
export interface DocumentsRequestRecord {
  readonly lenderId: string;
  readonly documentsRequestId: string;
  readonly application: PartnerApplication;
  readonly items: readonly PartnerDocumentItem[];
  /** the files received for each item, by its place in `items` */
  readonly received: Map<number, readonly { contentType: string; bytes: number }[]>;
  /** the monthly income (cents) an item's statement of shared bank data shows, by the item's place */
  readonly incomeShown: Map<number, number>;
  /** the decision after the documents is scheduled once */
  decided: boolean;
}

/** One item's files as the lender received them (GET {prefix}/documents lists them). */
export interface ReceivedDocumentRecord {
  readonly lenderId: string;
  readonly reference: string;
  readonly applicationRef: string;
  /** the lender's own documents request id */
  readonly requestId: string;
  /** the broker's item id */
  readonly itemId: string;
  readonly index: number;
  readonly kind: string;
  readonly files: readonly { contentType: string; bytes: number; sha256: string }[];
  /** what the delivery's metadata said of the income a statement of shared bank data shows */
  readonly incomeSummary?: { readonly monthlyAverageCents: number; readonly mainKind: string | null };
  readonly receivedAt: string;
}

const emptyStats = (): LenderSandboxStats => ({
  deliveries: 0,
  applications: 0,
  byApplicationRef: {},
  deliveriesByApplicationRef: {},
  callbackAttempts: 0,
  callbacksDelivered: 0,
  callbacksRefused: 0,
});

/**
 * A long-running sandbox (a benchmark, a demo left on) forgets its oldest records rather than grow forever:
 * 20,000 is the last thousand-odd applications of 15 lenders, more than any test or demo looks back on.
 */
const MAX_RECORDS = 20_000;
export function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_RECORDS) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

/** Ids are free text: a separator no id can hold keeps one lender's keys from meeting another's. */
export const lenderKey = (lenderId: string, id: string): string => `${lenderId}\u0000${id}`;

export class LenderSandboxState {
  readonly nonces = new InMemoryNonceStore();
  readonly stats = new Map<string, LenderSandboxStats>();
  readonly accepted = new Map<string, AcceptedApplication>();
  readonly offers = new Map<string, OfferRecord>();
  readonly behaviours = new Map<string, SandboxBehaviour>();
  readonly withdrawals = new Map<string, WithdrawalRecord>();
  readonly reviews = new Map<string, ReviewRecord>();
  /** by lenderKey(lender, documentsRequestId) */
  readonly documentRequests = new Map<string, DocumentsRequestRecord>();
  /** by lenderKey(lender, itemId): an item delivered again is recorded once */
  readonly documents = new Map<string, ReceivedDocumentRecord>();
  #abort = new AbortController();

  /** Aborted by `reset` and `close`: background work reads it once when it starts, so a reset ends it. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  statsOf(lenderId: string): LenderSandboxStats {
    let stats = this.stats.get(lenderId);
    if (!stats) {
      stats = emptyStats();
      this.stats.set(lenderId, stats);
    }
    return stats;
  }

  behaviourOf(lenderId: string): SandboxBehaviour {
    return this.behaviours.get(lenderId) ?? { mode: 'normal' };
  }

  /** error500: the lender answers every request with a server error, as one that is down would */
  lenderBehaviourIsDown(lenderId: string): boolean {
    return this.behaviourOf(lenderId).mode === 'error500';
  }

  offerFor(lenderId: string, offerId: string): OfferRecord | undefined {
    return this.offers.get(lenderKey(lenderId, offerId));
  }

  reset(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.nonces.clear();
    this.stats.clear();
    this.accepted.clear();
    this.offers.clear();
    this.behaviours.clear();
    this.withdrawals.clear();
    this.reviews.clear();
    this.documentRequests.clear();
    this.documents.clear();
  }

  close(): void {
    this.#abort.abort();
  }
}

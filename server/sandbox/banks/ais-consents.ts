import { randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/language.ts';

/**
 * The sandbox banks' account-information consents (Berlin Group NextGenPSD2), kept in this process's memory like
 * the other simulators' sessions: a bank forgets them on restart, as a test bank may.
 */

export type ConsentStatus = 'received' | 'rejected' | 'valid' | 'revokedByPsu' | 'expired' | 'terminatedByTpp';

export interface ConsentAccess {
  /** IBANs per kind of access; all three empty: the PSU's accounts, chosen at the bank ("bank-offered consent") */
  readonly accounts: readonly string[];
  readonly balances: readonly string[];
  readonly transactions: readonly string[];
  readonly allAccounts: boolean;
}

export interface Consent {
  readonly consentId: string;
  readonly bankId: string;
  status: ConsentStatus;
  readonly access: ConsentAccess;
  readonly recurringIndicator: boolean;
  /** YYYY-MM-DD, the last day the consent may be used */
  readonly validUntil: string;
  readonly frequencyPerDay: number;
  readonly redirectUri: string;
  readonly nokRedirectUri: string | null;
  readonly language: Language;
  readonly createdAt: number;
  lastActionDate: string;
  /** who approved it at the bank; null until then */
  psu: { readonly personalCode: string; readonly name: string } | null;
  /** reads without the PSU per resource today, which `frequencyPerDay` bounds */
  readonly reads: Map<string, number>;
}

/** Consents not valid (pending, refused, ended) are dropped this long after they were asked for, and the store never holds more than MAX_CONSENTS. */
const PENDING_TTL_MS = 30 * 60 * 1000;
const MAX_CONSENTS = 10_000;

export const today = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export class ConsentStore {
  readonly #consents = new Map<string, Consent>();

  create(fields: Omit<Consent, 'consentId' | 'status' | 'createdAt' | 'lastActionDate' | 'psu' | 'reads'>): Consent {
    this.#sweep();
    const consent: Consent = {
      ...fields,
      consentId: randomUUID(),
      status: 'received',
      createdAt: Date.now(),
      lastActionDate: today(),
      psu: null,
      reads: new Map(),
    };
    this.#consents.set(consent.consentId, consent);
    return consent;
  }

  /** The consent of this bank, its status brought up to date; undefined when this bank never issued it. */
  find(bankId: string, consentId: string): Consent | undefined {
    const consent = this.#consents.get(consentId);
    if (!consent || consent.bankId !== bankId) return undefined;
    if ((consent.status === 'valid' || consent.status === 'received') && consent.validUntil < today()) {
      consent.status = 'expired';
    }
    return consent;
  }

  /** Counts a read of one resource; false when today's reads of it are used up. */
  read(consent: Consent, resource: string): boolean {
    const day = today();
    if (consent.lastActionDate !== day) {
      consent.reads.clear();
      consent.lastActionDate = day;
    }
    const count = (consent.reads.get(resource) ?? 0) + 1;
    if (count > consent.frequencyPerDay) return false;
    consent.reads.set(resource, count);
    return true;
  }

  #sweep(): void {
    const cutoff = Date.now() - PENDING_TTL_MS;
    for (const [id, consent] of this.#consents) {
      // an ended consent stays a while, so a late read hears "ended" rather than "unknown"
      const stale = consent.status !== 'valid' && consent.createdAt < cutoff;
      if (stale || consent.validUntil < today()) {
        this.#consents.delete(id);
      }
    }
    // a Map iterates in insertion order: the oldest go first
    for (const id of this.#consents.keys()) {
      if (this.#consents.size < MAX_CONSENTS) break;
      this.#consents.delete(id);
    }
  }
}

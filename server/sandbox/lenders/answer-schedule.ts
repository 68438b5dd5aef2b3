import type { PartnerApplication, PartnerCallback, PartnerDocumentItem } from '../../lenders/messages.ts';
import type { LenderOfferTerms } from '../../../domain/offer.ts';
import type { CallbackSender } from './callback-sender.ts';
import { realClock, type SandboxClock } from './clock.ts';
import type { DelayProfile, SandboxLender } from './catalogue.ts';
import { decide, offerIdFor, type LenderDecision } from './decide.ts';
import { decideWithDocuments, documentsWanted } from './documents-decision.ts';
import { reviewDecision } from './review-decision.ts';
import type { Language } from '../../../domain/language.ts';
import type { LenderDelay } from './lender-delay.ts';
import {
  lenderKey,
  remember,
  type DocumentsRequestRecord,
  type LenderSandboxState,
  type OfferRecord,
  type SandboxBehaviour,
} from './sandbox-state.ts';

/**
 * When the sandbox lenders answer: a decision after the lender's own delay (or the test's), and after a signature
 * the 'signed' and, a payout delay later, the 'paid' callback. The delays pass on the registration's clock (real
 * time, or one a test moves). All of it runs in the background and ends quietly (an AbortError) when the sandbox is
 * reset or closed.
 */

export interface AnswerTiming {
  /**
   * How long a lender takes to decide: 'realistic' (default; each lender's delay profile: first answers after a few
   * seconds, most within a couple of minutes, a few later) or a fixed number of ms (0 for tests and benchmarks).
   */
  readonly delay?: LenderDelay;
  /** between the 'signed' and the 'paid' callback, ms; default `delay` when a number, else 20–90 s */
  readonly payoutDelayMs?: number;
  /** what the decisions and the payout wait with; default real time */
  readonly clock?: SandboxClock;
}

/** How long a sandbox lender gives the person to send its documents. */
export const DOCUMENTS_DUE_DAYS = 14;

/** A log-normal delay around the profile's median, clamped to its bounds, in ms. */
export function sampleDelayMs(profile: DelayProfile, random: () => number = Math.random): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  const gaussian = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  const seconds = profile.medianSeconds * Math.exp(0.9 * gaussian);
  return Math.round(Math.min(profile.maxSeconds, Math.max(profile.minSeconds, seconds)) * 1000);
}

export class AnswerSchedule {
  readonly #state: LenderSandboxState;
  readonly #sender: CallbackSender;
  readonly #timing: AnswerTiming;
  readonly #clock: SandboxClock;

  constructor(state: LenderSandboxState, sender: CallbackSender, timing: AnswerTiming) {
    this.#state = state;
    this.#sender = sender;
    this.#timing = timing;
    this.#clock = timing.clock ?? realClock;
  }

  decisionDelayMs(lender: SandboxLender, behaviour: SandboxBehaviour): number {
    if (behaviour.delayMs !== undefined) return behaviour.delayMs;
    const delay = this.#timing.delay ?? 'realistic';
    if (delay === 'realistic') return sampleDelayMs(lender.delay);
    return typeof delay === 'number' ? delay : Math.round(delay.minMs + Math.random() * (delay.maxMs - delay.minMs));
  }

  /** The signing page finds the offer by it, and signing calls back to the same broker. */
  #rememberOffer(lender: SandboxLender, application: PartnerApplication, terms: LenderOfferTerms): void {
    remember(this.#state.offers, lenderKey(lender.id, terms.offerId), {
      lenderId: lender.id,
      requestId: application.requestId,
      applicationRef: application.applicationRef,
      callbackUrl: application.callbackUrl,
      terms,
    });
  }

  payoutDelayMs(): number {
    if (this.#timing.payoutDelayMs !== undefined) return this.#timing.payoutDelayMs;
    const delay = this.#timing.delay ?? 'realistic';
    if (delay === 'realistic') return Math.round(20_000 + Math.random() * 70_000);
    return typeof delay === 'number' ? delay : delay.minMs;
  }

  /**
   * Decides after the delay and calls back with the offer or the decline, as `behaviour` has it; a lender that wants
   * documents first (documents-decision.ts) asks for them instead, and decides once they came (afterDocuments).
   */
  async answer(lender: SandboxLender, application: PartnerApplication, behaviour: SandboxBehaviour): Promise<void> {
    const signal = this.#state.signal;
    await this.#clock.wait(this.decisionDelayMs(lender, behaviour), signal);
    if (behaviour.mode === 'silent') return;
    const wanted = behaviour.mode === 'normal' ? documentsWanted(lender, application) : null;
    if (wanted) {
      await this.#askForDocuments(lender, application, wanted, signal);
      return;
    }
    const callback = this.#decisionCallback(lender, application, decide(lender, application, new Date()));
    const base = { requestId: application.requestId, applicationRef: application.applicationRef, lenderId: lender.id };
    const body: unknown =
      behaviour.mode === 'malformedCallback'
        ? { ...base, type: 'offer', offer: { offerId: '', amount: 'a lot', term: 0 } }
        : callback;
    const forgeSignature = behaviour.mode === 'badSignature';
    await this.#sender.deliver({ lenderId: lender.id, url: application.callbackUrl, body, forgeSignature }, signal);
  }

  /** The offer (remembered for the signing page) or the decline as a callback. */
  #decisionCallback(lender: SandboxLender, application: PartnerApplication, decision: LenderDecision): PartnerCallback {
    const base = { requestId: application.requestId, applicationRef: application.applicationRef, lenderId: lender.id };
    if (decision.type === 'decline') return { ...base, type: 'decline', reason: decision.reason };
    this.#rememberOffer(lender, application, decision.offer);
    return { ...base, type: 'offer', offer: decision.offer };
  }

  async #askForDocuments(
    lender: SandboxLender,
    application: PartnerApplication,
    items: readonly PartnerDocumentItem[],
    signal: AbortSignal,
  ): Promise<void> {
    // one request an application a lender: the same id if the lender were to ask again
    const documentsRequestId = `docs-${offerIdFor(lender.id, application.applicationRef).slice(0, 24)}`;
    remember(this.#state.documentRequests, lenderKey(lender.id, documentsRequestId), {
      lenderId: lender.id,
      documentsRequestId,
      application,
      items,
      received: new Map(),
      incomeShown: new Map(),
      decided: false,
    });
    const callback: PartnerCallback = {
      requestId: application.requestId,
      applicationRef: application.applicationRef,
      lenderId: lender.id,
      type: 'documentsRequest',
      documentsRequestId,
      items: [...items],
      dueAt: new Date(Date.now() + DOCUMENTS_DUE_DAYS * 86_400_000).toISOString(),
    };
    await this.#sender.deliver(
      { lenderId: lender.id, url: application.callbackUrl, body: callback, forgeSignature: false },
      signal,
    );
  }

  /** Every item asked for came: the decision after the lender's usual delay, an offer or a decline. */
  async afterDocuments(lender: SandboxLender, record: DocumentsRequestRecord): Promise<void> {
    const signal = this.#state.signal;
    const { application } = record;
    await this.#clock.wait(this.decisionDelayMs(lender, this.#state.behaviourOf(lender.id)), signal);
    // a lender gone silent meanwhile (a test's) leaves the broker's timeout to end its wait
    if (this.#state.behaviourOf(lender.id).mode === 'silent') return;
    const received = record.items.map((_, index) => record.received.get(index) ?? []);
    const shown = [...record.incomeShown.values()];
    const decision = decideWithDocuments(lender, application, received, new Date(), {
      incomeShownCents: shown.length > 0 ? Math.max(...shown) : null,
    });
    await this.#sender.deliver(
      {
        lenderId: lender.id,
        url: application.callbackUrl,
        body: this.#decisionCallback(lender, application, decision),
        forgeSignature: false,
      },
      signal,
    );
  }

  /** A human review of a decline: after the lender's delay, the decline upheld with its reasons, or an offer. */
  async review(
    lender: SandboxLender,
    application: PartnerApplication,
    language: Language,
    behaviour: SandboxBehaviour,
    settled: (outcome: 'upheld' | 'offer') => void,
  ): Promise<void> {
    const signal = this.#state.signal;
    await this.#clock.wait(this.decisionDelayMs(lender, behaviour), signal);
    if (behaviour.mode === 'silent') return;
    const decision = reviewDecision(lender, application, new Date(), language);
    const base = { requestId: application.requestId, applicationRef: application.applicationRef, lenderId: lender.id };
    let callback: PartnerCallback;
    if (decision.type === 'offer') {
      this.#rememberOffer(lender, application, decision.offer);
      callback = { ...base, type: 'reviewOffer', explanation: decision.explanation, offer: decision.offer };
    } else {
      callback = { ...base, type: 'reviewUpheld', explanation: decision.explanation };
    }
    settled(decision.type);
    await this.#sender.deliver(
      { lenderId: lender.id, url: application.callbackUrl, body: callback, forgeSignature: false },
      signal,
    );
  }

  /** After the applicant signed: the 'signed' callback at once, 'paid' after the payout delay. */
  async signedAndPaid(record: OfferRecord, contractRef: string): Promise<void> {
    const signal = this.#state.signal;
    const base = { requestId: record.requestId, applicationRef: record.applicationRef, lenderId: record.lenderId };
    const to = { lenderId: record.lenderId, url: record.callbackUrl, forgeSignature: false };
    const signed: PartnerCallback = { ...base, type: 'signed', offerId: record.terms.offerId, contractRef };
    await this.#sender.deliver({ ...to, body: signed }, signal);
    await this.#clock.wait(this.payoutDelayMs(), signal);
    const paid: PartnerCallback = {
      ...base,
      type: 'paid',
      offerId: record.terms.offerId,
      paidAt: new Date().toISOString(),
    };
    await this.#sender.deliver({ ...to, body: paid }, signal);
  }
}

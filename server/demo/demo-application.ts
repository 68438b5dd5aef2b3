import { createHash } from 'node:crypto';
import { productOfPurpose } from '../../domain/loan-options.ts';
import type { LoanPurpose } from '../../domain/loan-purposes.ts';
import { isLatvianPublicHoliday } from '../../domain/latvian-holidays.ts';
import { nextOpenSlot } from '../../domain/consultant-hours.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { personKeyOf } from '../security/lookup-keys.ts';
import { sealApplicant } from '../applications/applicant-record.ts';
import { demoApplicationForm, demoLoan, demoPerson } from './demo-people.ts';
import { diceFor, type Dice } from './demo-random.ts';
import type { DemoRows } from './demo-rows.ts';
import { DAY, DEMO_FUNNEL, HOUR, iso, MINUTE, notice, SECOND, type DemoContext, type Journey } from './demo-journey.ts';
import { askLenders, type LenderOutcome } from './demo-lender-answers.ts';

/**
 * One demo application's life, as the broker would have left it in every table: the form, its identification, the
 * lenders' answers (demo-lender-answers.ts), the messages, the choice, the signature and the payout, a call request
 * now and then, a later login. A stage that would lie after `now` has not happened yet: the newest applications are
 * still under way, as on a live site.
 */

const PRODUCTS: readonly (readonly [LoanPurpose, number])[] = [
  ['personalNeeds', 52],
  ['buyingCar', 18],
  ['refinancing', 17],
  ['houseRepair', 10],
  ['business', 3],
];
// Riga's evening is when people apply: UTC hours of the day by weight
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = Array.from({ length: 24 }, (_, hour) => {
  const riga = (hour + 2) % 24;
  return [hour, riga < 7 ? 1 : riga < 9 ? 4 : riga < 18 ? 8 : riga < 23 ? 10 : 3] as const;
});

/** When the application was sent: over the year before `now`, more of them lately (the site grows), by hour. */
function createdAt(dice: Dice, now: Date): Date {
  const daysAgo = Math.floor(365 * (1 - dice.next() ** 0.8));
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY;
  const at = day + dice.weighted(HOUR_WEIGHTS) * HOUR + dice.int(0, HOUR - 1);
  // today's hours still to come: earlier today instead
  return new Date(at < now.getTime() - MINUTE ? at : now.getTime() - dice.int(MINUTE, 12 * HOUR));
}

function trackingOf(dice: Dice, publishers: readonly string[]): Record<string, string> {
  if (publishers.length > 0 && dice.chance(0.55)) {
    // a few publishers bring most of the traffic
    const publisherId = dice.weighted(publishers.map((id, index) => [id, 1 / (index + 1)] as const));
    return {
      publisherId,
      utm_source: publisherId,
      utm_medium: dice.pick(['widget', 'widget', 'referral']),
      utm_campaign: dice.pick(['kalkulators', 'auto-2026', 'rudens-akcija', 'refinansesana']),
      ...(dice.chance(0.5) ? { click_ID: dice.hex(16) } : {}),
    };
  }
  return dice.weighted<Record<string, string>>([
    [{}, 40],
    [{ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'paterina-kredits' }, 30],
    [{ utm_source: 'facebook', utm_medium: 'social' }, 15],
    [{ referrer: 'https://www.google.com/' }, 15],
  ]);
}

const sha = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** The identification attempts; the time the person was identified, null when not (yet), undefined: never tried. */
function identify(journey: Journey): number | null | undefined {
  const { dice, rows, context } = journey;
  if (!dice.chance(DEMO_FUNNEL.identificationStarted)) return undefined;
  let at = journey.created + dice.logNormal(90, 0.8) * SECOND;
  const method = (): [string, string | null] => {
    const kind = dice.weighted([
      ['bank', 55],
      ['smartId', 35],
      ['eSignature', 10],
    ] as const);
    return [kind, kind === 'bank' ? dice.pick(INSTITUTIONS).id : null];
  };
  const identified = dice.chance(DEMO_FUNNEL.identified);
  // one in ten tries twice: a first attempt that failed
  const attempts = identified && dice.chance(0.1) ? 2 : 1;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (at > context.now.getTime()) return attempt === 1 ? undefined : null;
    const [kind, institution] = method();
    const finished = at + dice.logNormal(50, 0.6) * SECOND;
    const succeeded = identified && attempt === attempts;
    const failure = succeeded
      ? null
      : dice.pick(['refused', 'timeout', 'noAccount', 'providerError', 'personalCodeMismatch']);
    const done = finished <= context.now.getTime();
    rows.identifications.add(
      dice.uuid(),
      journey.id,
      kind,
      institution,
      done ? (succeeded ? 'succeeded' : 'failed') : 'pending',
      done ? failure : null,
      iso(at),
      done ? iso(finished) : null,
      'wizard',
    );
    if (!done) return null;
    if (succeeded) return finished;
    at = finished + dice.logNormal(60, 0.7) * SECOND;
  }
  return null;
}

/** Some come back to their account later: a login by the method they know. */
function logins(journey: Journey, identifiedAt: number): void {
  const { dice, rows, context } = journey;
  if (!dice.chance(0.15)) return;
  const at = identifiedAt + dice.logNormal(2, 1.2) * DAY;
  if (at > context.now.getTime()) return;
  rows.loginAttempts.add(
    dice.uuid(),
    dice.pick(['bank', 'smartId']),
    journey.person.language,
    'succeeded',
    journey.personKey,
    iso(at),
    iso(at + dice.int(20, 90) * SECOND),
  );
}

/** The person's choice, signature and payout; the state they leave the application in. */
function choose(journey: Journey, outcomes: readonly LenderOutcome[]): { state: string; set: Partial<ApplicationEnd> } {
  const { dice, context } = journey;
  const now = context.now.getTime();
  const offered = outcomes.filter((outcome) => outcome.offer !== null);
  const pending = outcomes.some((outcome) => outcome.answeredAt === null);
  if (offered.length === 0) return { state: pending ? 'processing' : 'noOffers', set: {} };
  const first = Math.min(...offered.map((outcome) => outcome.answeredAt ?? now));
  notice(journey, 'offersReady', 'offersReady:0', first + 20 * SECOND, true);
  if (!dice.chance(DEMO_FUNNEL.chosen)) return { state: 'offers', set: {} };
  // most take the lowest APR; some a lender they know
  const cheapest = [...offered].sort((a, b) => (a.offer?.apr ?? 0) - (b.offer?.apr ?? 0))[0] as LenderOutcome;
  const chosen = dice.chance(0.65) ? cheapest : dice.pick(offered);
  const chosenAt = Math.max(first, chosen.answeredAt ?? first) + dice.logNormal(25, 1) * MINUTE;
  if (chosenAt > now || !chosen.offer) return { state: 'offers', set: {} };
  const set: Partial<ApplicationEnd> = {
    chosenOfferId: chosen.offer.id,
    chosenAt,
    signUrl: `https://sign.example.lv/${chosen.lender.id}/${chosen.offer.lenderOfferId}`,
    updated: chosenAt,
  };
  if (!dice.chance(DEMO_FUNNEL.signed)) return { state: 'offerChosen', set };
  const signedAt = chosenAt + dice.logNormal(6, 1.2) * HOUR;
  if (signedAt > now) return { state: 'offerChosen', set };
  notice(journey, 'signed', 'signed', signedAt + 10 * SECOND, true);
  if (!dice.chance(DEMO_FUNNEL.paid)) return { state: 'signed', set: { ...set, signedAt, updated: signedAt } };
  const paidAt = signedAt + dice.logNormal(chosen.lender.kind === 'bank' ? 18 : 1, 0.8) * HOUR;
  if (paidAt > now) return { state: 'signed', set: { ...set, signedAt, updated: signedAt } };
  notice(journey, 'paid', 'paid', paidAt + 10 * SECOND, false);
  return { state: 'paid', set: { ...set, signedAt, paidAt, updated: paidAt } };
}

interface ApplicationEnd {
  chosenOfferId: string;
  chosenAt: number;
  signUrl: string;
  signedAt: number;
  paidAt: number;
  updated: number;
}

/** About one in thirty asks a consultant to call, at the next open slot after a while. */
function callRequest(journey: Journey, language: string): void {
  const { dice, rows, context, id } = journey;
  if (!dice.chance(DEMO_FUNNEL.callRequest)) return;
  const asked = journey.created + dice.logNormal(2, 1) * HOUR;
  if (asked > context.now.getTime()) return;
  const callId = dice.uuid();
  const slot = new Date(nextOpenSlot(new Date(asked + HOUR), isLatvianPublicHoliday)).getTime();
  const state =
    slot > context.now.getTime()
      ? 'requested'
      : dice.weighted([
          ['called', 75],
          ['notReached', 20],
          ['cancelled', 5],
        ] as const);
  const phone = context.cipher.encrypt(journey.person.phoneNumber, callId);
  const question = dice.chance(0.4)
    ? context.cipher.encrypt(language === 'ru' ? 'Хочу уточнить условия.' : 'Vēlos precizēt nosacījumus.', callId)
    : null;
  rows.callRequests.add(
    callId,
    id,
    iso(slot),
    question ? `${question.keyId}.${question.ciphertext}` : null,
    `${phone.keyId}.${phone.ciphertext}`,
    language,
    state,
    iso(asked),
    iso(state === 'requested' ? asked : Math.min(slot + 10 * MINUTE, context.now.getTime())),
  );
  notice(journey, 'callRequested', `callRequested:${callId}`, asked + 5 * SECOND, false, { callRequestId: callId });
}

/**
 * The browser's funnel events before this application: its form's start, with one start in three left unfinished
 * beside it, and the calculator moved two or three times for every application (most calculator users never apply).
 */
function funnelEvents(journey: Journey, product: string, publisherId: string | null): void {
  const { dice, rows, created } = journey;
  const started = created - dice.int(2 * MINUTE, 20 * MINUTE);
  rows.funnelEvents.add(iso(started), 'started', product, publisherId);
  if (dice.chance(0.35)) rows.funnelEvents.add(iso(started - dice.int(HOUR, 3 * DAY)), 'started', product, publisherId);
  for (let use = dice.int(2, 3); use > 0; use--) {
    rows.funnelEvents.add(iso(started - dice.int(MINUTE, 5 * DAY)), 'calculator', product, publisherId);
  }
}

/** What the audit log's demo history needs of an application. */
export interface DemoApplicationSummary {
  readonly id: string;
  readonly created: number;
  readonly state: string;
}

/** The application number `index` of the seed, written into `rows`. */
export function demoApplication(context: DemoContext, rows: DemoRows, index: number): DemoApplicationSummary {
  const dice = diceFor(context.seed, index);
  // one application in eight is a person's second: the same person as an earlier number
  const personNumber = index > 0 && dice.chance(0.12) ? dice.int(0, index - 1) : index;
  const person = demoPerson(diceFor(`${context.seed}:person`, personNumber), context.now, personNumber);
  const purpose = dice.weighted(PRODUCTS);
  const loan = demoLoan(dice, purpose);
  const form = demoApplicationForm(dice, person, { ...loan, purpose });
  const id = dice.uuid();
  const created = createdAt(dice, context.now).getTime();
  const journey: Journey = {
    dice,
    context,
    rows,
    id,
    person,
    personKey: personKeyOf(context.lookupKey, person.personalId),
    created,
    amount: loan.amount,
    term: loan.term,
    choices: { email: form.emailNotices, sms: form.smsNotices },
  };
  notice(journey, 'received', 'received', created + 2 * SECOND, false);
  const identification = identify(journey);
  const identifiedAt = identification ?? null;
  let state = identification === undefined ? 'draft' : identification === null ? 'identificationFailed' : 'processing';
  let end: Partial<ApplicationEnd> = {};
  if (identifiedAt !== null) {
    logins(journey, identifiedAt);
    const outcome = choose(journey, askLenders(journey, identifiedAt));
    state = outcome.state;
    end = outcome.set;
  }
  callRequest(journey, person.language);
  const tracking = trackingOf(dice, context.publishers);
  funnelEvents(journey, productOfPurpose(purpose), tracking['publisherId'] ?? null);
  const tokenExpires = created + context.tokenTtlDays * DAY;
  // the sweep expires what the person left: every state but signed and paid, once the token ran out
  const expiredFrom = tokenExpires < context.now.getTime() && state !== 'signed' && state !== 'paid' ? state : null;
  if (expiredFrom !== null) state = 'expired';
  const token = `demo-${dice.hex(40)}`;
  const sealedToken = context.cipher.encrypt(token, `${id}:token`);
  const applicant = sealApplicant(context.cipher, id, form);
  rows.applications.add(
    id,
    sha(token),
    iso(tokenExpires),
    `demo:${context.seed}:${index}`,
    sha(`${context.seed}:${index}`),
    `${sealedToken.keyId}.${sealedToken.ciphertext}`,
    state,
    person.language,
    loan.amount,
    loan.term,
    purpose,
    applicant.keyId,
    applicant.ciphertext,
    JSON.stringify(tracking),
    journey.personKey,
    JSON.stringify({ email: form.emailNotices, sms: form.smsNotices, marketing: form.acceptDirectMarketing }),
    end.chosenOfferId ?? null,
    end.chosenAt === undefined ? null : iso(end.chosenAt),
    end.signUrl ?? null,
    identifiedAt === null ? null : iso(identifiedAt),
    end.signedAt === undefined ? null : iso(end.signedAt),
    end.paidAt === undefined ? null : iso(end.paidAt),
    expiredFrom,
    iso(created),
    iso(end.updated ?? identifiedAt ?? created),
  );
  for (const kind of ['email', 'sms', 'marketing'] as const) {
    const given = kind === 'email' ? form.emailNotices : kind === 'sms' ? form.smsNotices : form.acceptDirectMarketing;
    if (given) rows.consents.add(journey.personKey, kind, true, 'applicationForm', iso(created));
  }
  return { id, created, state };
}

import type { DeclineReason } from '../../domain/api.ts';
import { lendersToAsk } from '../../domain/lender-reach.ts';
import { exceedsCostCap, loanCost, termDays, type LoanCost } from '../../domain/money.ts';
import { hash32 } from './demo-random.ts';
import { DAY, DEMO_FUNNEL, HOUR, iso, notice, SECOND, type DemoLender, type Journey } from './demo-journey.ts';

/**
 * What the lenders answered a demo application: offers priced by the lender and the applicant's risk band, declines
 * with the partner protocol's reason categories, documents requests, time-outs and errors, each after its lender's
 * usual while (log-normal).
 */

const DECLINES: readonly (readonly [DeclineReason, number])[] = [
  ['income', 30],
  ['debtToIncome', 25],
  ['lenderPolicy', 14],
  ['employment', 10],
  ['age', 3],
  ['purpose', 2],
  ['other', 16],
];
/** What a lender charges: its rate rises with the applicant's risk band; figures fixed by its id. */
function pricingOf(lender: DemoLender): {
  base: number;
  step: number;
  feePercent: number;
  feeMin: number;
  monthlyFee: number;
} {
  const h = hash32(lender.id);
  return lender.kind === 'bank'
    ? {
        base: 6.9 + (h % 40) / 10,
        step: 1.1,
        feePercent: 1 + (h % 4),
        feeMin: 25 + (h % 5) * 10,
        monthlyFee: (h >> 4) % 2 ? 0 : 2.5,
      }
    : {
        base: 12.9 + (h % 170) / 10,
        step: 2.4,
        feePercent: h % 6,
        feeMin: (h % 3) * 10,
        monthlyFee: [0, 2, 2.95, 3.5][(h >> 5) % 4] ?? 0,
      };
}

// the annuity's APR is an iteration: the same figures (many) are worked out once
const costs = new Map<string, LoanCost>();
function costOf(
  amount: number,
  months: number,
  ratePercent: number,
  arrangementFee: number,
  monthlyFee: number,
): LoanCost {
  const key = `${amount}:${months}:${ratePercent}:${arrangementFee}:${monthlyFee}`;
  let cost = costs.get(key);
  if (!cost) {
    cost = loanCost({ amount, months, ratePercent, arrangementFee, monthlyFee });
    if (costs.size > 200_000) costs.clear();
    costs.set(key, cost);
  }
  return cost;
}

export interface LenderOutcome {
  readonly lender: DemoLender;
  readonly requestId: string;
  readonly sentAt: number;
  readonly answeredAt: number | null;
  readonly offer: { readonly id: string; readonly lenderOfferId: string; readonly apr: number } | null;
}

function offerRow(journey: Journey, lender: DemoLender, requestId: string, at: number): LenderOutcome['offer'] {
  const { dice, rows, person } = journey;
  const price = pricingOf(lender);
  // by the lender and the risk band alone: the same figures recur, and their APR is worked out once
  const rate = Math.round((price.base + price.step * person.risk) * 10) / 10;
  // one offer in seven is for less than was asked
  const amount = dice.chance(0.15)
    ? Math.max(lender.amounts.min, Math.round((journey.amount * dice.int(6, 9)) / 1000) * 100)
    : journey.amount;
  const fee = Math.max(price.feeMin, Math.round(amount * price.feePercent) / 100);
  const cost = costOf(amount, journey.term, rate, fee, price.monthlyFee);
  const id = dice.uuid();
  const lenderOfferId = `${lender.id.slice(0, 8)}-${dice.hex(12)}`;
  const validDays = lender.kind === 'bank' ? 30 : 14;
  rows.offers.add(
    id,
    journey.id,
    lender.id,
    lenderOfferId,
    amount,
    journey.term,
    rate,
    fee,
    price.monthlyFee,
    cost.instalment,
    cost.totalPayable,
    cost.totalCostOfCredit,
    cost.aprPercent,
    exceedsCostCap(amount, cost.totalCostOfCredit, termDays(journey.term)),
    iso(at + validDays * DAY),
    iso(at),
  );
  return { id, lenderOfferId, apr: cost.aprPercent };
}

/** A lender asks for documents first; the person answers (most do) or lets it run out. Answers when it decides. */
function documentsFirst(
  journey: Journey,
  lender: DemoLender,
  askedAt: number,
): { readonly at: number; readonly expired: boolean } | null {
  const { dice, rows, context } = journey;
  const requestId = dice.uuid();
  const due = askedAt + 7 * DAY;
  const answered = dice.chance(0.7) ? askedAt + dice.logNormal(20, 1) * HOUR : null;
  const now = context.now.getTime();
  const state = answered !== null && answered <= now ? 'received' : due <= now ? 'expired' : 'open';
  rows.documentRequests.add(
    requestId,
    journey.id,
    lender.id,
    `docs-${dice.hex(10)}`,
    iso(due),
    state,
    iso(askedAt),
    state === 'received' ? iso(answered ?? askedAt) : null,
  );
  const items = dice.chance(0.5) ? ['bankStatement', 'incomeProof'] : ['bankStatement'];
  items.forEach((kind, index) => {
    rows.documentItems.add(
      dice.uuid(),
      requestId,
      index + 1,
      kind,
      kind === 'bankStatement' ? 3 : null,
      state === 'received' ? 'received' : 'open',
      null,
      state === 'received' ? iso(answered ?? askedAt) : null,
    );
  });
  notice(journey, 'documentsRequested', `documentsRequested:${requestId}`, askedAt + 20 * SECOND, true, {
    documentRequestId: requestId,
  });
  // the timeout watch ends the lender's wait once the due date passed unanswered
  if (state === 'expired') return { at: due, expired: true };
  return state === 'received' ? { at: (answered ?? askedAt) + dice.logNormal(4, 1) * HOUR, expired: false } : null;
}

/** Now and then a declined person asks for a human review; the lender upholds its decision (the usual answer). */
function review(journey: Journey, lender: DemoLender, declinedAt: number, language: string): void {
  const { dice, rows, context } = journey;
  if (!dice.chance(0.015)) return;
  const asked = declinedAt + dice.logNormal(3, 1) * HOUR;
  const answered = asked + dice.logNormal(30, 0.8) * HOUR;
  const now = context.now.getTime();
  if (asked > now) return;
  const done = answered <= now;
  const explanation =
    language === 'ru'
      ? 'Решение остаётся в силе: доход ниже требуемого.'
      : 'Lēmums paliek spēkā: ienākumi ir zem prasītā.';
  rows.reviewRequests.add(
    dice.uuid(),
    journey.id,
    lender.id,
    language,
    done ? 'upheld' : 'sent',
    done ? explanation : null,
    1,
    iso(asked),
    iso(asked + 2 * SECOND),
    done ? iso(answered) : null,
  );
}

/** Every lender the application goes to, and what each answered by `now`. */
export function askLenders(journey: Journey, identifiedAt: number): LenderOutcome[] {
  const { dice, rows, context } = journey;
  const now = context.now.getTime();
  const asked = lendersToAsk(context.lenders, { amount: journey.amount, term: journey.term, purpose: null }, []);
  const anyOffer = dice.chance(DEMO_FUNNEL.anyOffer);
  // the better the risk band, the more lenders offer; one of the offering applications' lenders offers at least
  const offerChance = anyOffer ? 0.75 - journey.person.risk * 0.05 : 0;
  const sure = anyOffer ? dice.int(0, Math.max(0, asked.length - 1)) : -1;
  const documents = dice.chance(DEMO_FUNNEL.documentsRequest) ? dice.int(0, Math.max(0, asked.length - 1)) : -1;
  return asked.map((lender, index) => {
    const requestId = dice.uuid();
    const sentAt = identifiedAt + dice.int(200, 2500);
    const median = lender.medianAnswerSeconds ?? (lender.kind === 'bank' ? 90 : 20);
    let answeredAt: number | null =
      sentAt + Math.min(dice.logNormal(median, 1.1), context.lenderTimeoutSeconds - 1) * SECOND;
    const roll = dice.next();
    let state =
      roll < 0.025
        ? 'timeout'
        : roll < 0.035
          ? 'failed'
          : index === sure || dice.chance(offerChance)
            ? 'offer'
            : 'declined';
    if (state === 'timeout') answeredAt = sentAt + context.lenderTimeoutSeconds * SECOND;
    let failure: string | null =
      state === 'timeout' ? 'no answer in time' : state === 'failed' ? dice.pick(['TimeoutError', 'HTTPError']) : null;
    if (index === documents && state !== 'timeout' && state !== 'failed' && answeredAt <= now) {
      const asked = documentsFirst(journey, lender, answeredAt);
      answeredAt = asked?.at ?? null;
      if (asked?.expired) [state, failure] = ['timeout', 'documents not provided in time'];
    }
    if (answeredAt !== null && answeredAt > now) answeredAt = null;
    const finalState = answeredAt === null ? 'sent' : state;
    if (finalState === 'declined') failure = dice.weighted(DECLINES);
    if (finalState === 'sent') failure = null;
    rows.lenderRequests.add(
      requestId,
      journey.id,
      lender.id,
      finalState,
      finalState === 'failed' ? 6 : 1,
      `ref-${dice.hex(12)}`,
      failure,
      iso(sentAt),
      answeredAt === null ? null : iso(answeredAt),
      iso(identifiedAt),
    );
    if (finalState === 'declined' && answeredAt !== null) review(journey, lender, answeredAt, journey.person.language);
    const offer =
      finalState === 'offer' && answeredAt !== null ? offerRow(journey, lender, requestId, answeredAt) : null;
    return { lender, requestId, sentAt, answeredAt, offer };
  });
}

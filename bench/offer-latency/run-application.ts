import type { ApplicationStatus, LenderProgress } from '../../domain/api.ts';
import { isAnswered } from '../../domain/lender-progress.ts';
import { identifyByBank, submitApplication } from './applicant.ts';
import { openStatusStream, type StatusEvent } from './status-stream.ts';

export const allLendersAnswered = (lenderCount: number) => (status: ApplicationStatus) =>
  status.lenders.length === lenderCount && status.lenders.every((lender) => isAnswered(lender.progress));

/** Milliseconds from the bank return's answer to the first status event showing each step; null if never shown. */
export interface ApplicationTimings {
  /** a lender request left `queued`: its job was picked up and sent */
  firstSentMs: number | null;
  /** every lender request left `queued` */
  allSentMs: number | null;
  /** the first answer, offer or decline */
  firstAnswerMs: number | null;
  firstOfferMs: number | null;
  /** all lenders answered */
  lastAnswerMs: number;
  offers: number;
  declines: number;
  noAnswers: number;
  /** status events received after the return */
  events: number;
}

function timings(events: readonly StatusEvent[], returnedAt: number, lenderCount: number): ApplicationTimings {
  const after = (done: (status: ApplicationStatus) => boolean) => {
    const found = events.find((event) => done(event.status));
    return found ? Math.round((found.at - returnedAt) * 10) / 10 : null;
  };
  const complete = allLendersAnswered(lenderCount);
  const last = events.find((event) => complete(event.status));
  if (!last) throw new Error('not every lender answered');
  const count = (progress: LenderProgress) =>
    last.status.lenders.filter((lender) => lender.progress === progress).length;
  return {
    firstSentMs: after((s) => s.lenders.some((lender) => lender.progress !== 'queued')),
    allSentMs: after(
      (s) => s.lenders.length === lenderCount && s.lenders.every((lender) => lender.progress !== 'queued'),
    ),
    firstAnswerMs: after((s) => s.lenders.some((lender) => isAnswered(lender.progress))),
    firstOfferMs: after((s) => s.offers.length > 0),
    lastAnswerMs: after(complete) ?? Number.NaN,
    offers: count('offer'),
    declines: count('declined'),
    noAnswers: count('noAnswer'),
    events: events.filter((event) => event.at >= returnedAt).length,
  };
}

function printEvents(events: readonly StatusEvent[], returnedAt: number): void {
  for (const { at, status } of events) {
    const progress = (['queued', 'sent', 'offer', 'declined', 'noAnswer'] as const)
      .map((p) => `${p}=${status.lenders.filter((lender) => lender.progress === p).length}`)
      .join(' ');
    console.log(`    ${(at - returnedAt).toFixed(1).padStart(8)} ms  ${status.state.padEnd(14)} ${progress}`);
  }
}

/**
 * One applicant from submission to every lender's answer, the events stream open before identification finishes.
 * Answers the timings and the token.
 */
export async function runApplication(
  base: string,
  lenderCount: number,
  options: { timeoutMs?: number; verbose?: boolean } = {},
): Promise<{ token: string; timings: ApplicationTimings }> {
  const token = await submitApplication(base);
  const stream = await openStatusStream(base, token);
  try {
    await stream.until((status) => status.state === 'draft', 5_000);
    const { returnedAt } = await identifyByBank(base, token);
    await stream.until(allLendersAnswered(lenderCount), options.timeoutMs ?? 15_000);
    if (options.verbose) printEvents(stream.events, returnedAt);
    return { token, timings: timings(stream.events, returnedAt, lenderCount) };
  } finally {
    stream.close();
  }
}

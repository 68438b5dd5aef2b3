import { lendersAnswerSchema } from '../../domain/lenders.ts';
import { servesLoan } from '../../domain/lender-reach.ts';
import { validApplication } from '../../tests/fixtures/application.ts';
import type { Loan } from './journey.ts';

/** The loan the most lenders serve: with the sandbox's sixteen, no loan reaches all of them. */
export async function widestLoan(origin: string): Promise<{ loan: Loan; lenders: number; of: number }> {
  const lenders = lendersAnswerSchema.parse(await (await fetch(`${origin}/api/lenders`)).json());
  let best = { loan: { amount: 2000, term: 18 }, lenders: 0 };
  for (const amount of [500, 1000, 1500, 2000, 3000, 5000])
    for (const term of [12, 18, 24, 36, 48, 60]) {
      // the journey's applicant asks for the fixture's purpose (journey.ts)
      const purpose = validApplication.loanPurpose;
      const count = lenders.filter((lender) => servesLoan(lender, { amount, term, purpose })).length;
      if (count > best.lenders) best = { loan: { amount, term }, lenders: count };
    }
  return { ...best, of: lenders.length };
}

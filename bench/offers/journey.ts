import { expect, type Page, type Route } from '@playwright/test';
import {
  answerAtBank,
  expectStep,
  fillApplication,
  submitApplication,
  workflowPath,
  WORDS,
} from '../../tests/e2e/support/applicant.ts';

/**
 * 1 500 € over 12 months for personal needs, 1 800 € of income: every sandbox lender that lends for personal needs
 * serves it and offers it without asking for documents, 15 of the 16. Rīgas Līča Banka lends for no personal need
 * (nor for any purpose all 16 share), so no one application of the sandbox reaches all 16 lenders.
 */
export const LOAN = { amount: 1500, term: 12 };
export const OFFERS = 16;
/** The one lender the loan above does not reach: the 16th offer is a copy of a real one under its name. */
const MISSING_LENDER = 'Rīgas Līča Banka';

export interface Journey {
  /** the offers the sandbox lenders made for the application */
  readonly fromLenders: number;
  /** the offers added in the browser to make 16 (a copy of a real one, under the missing lender's name) */
  readonly added: number;
}

interface StatusBody {
  offers: Record<string, unknown>[];
}

/**
 * The status as the screen gets it, with the 16th offer: a copy of the dearest real one (so the best stays the best)
 * under the lender no personal loan reaches. The copy's id is its own, so React keys and choose buttons stay unique.
 */
function withSixteenOffers(body: StatusBody): StatusBody {
  if (body.offers.length !== OFFERS - 1) return body;
  const dearest = [...body.offers].sort((a, b) => Number(b.apr) - Number(a.apr))[0];
  if (!dearest) return body;
  const copy = { ...dearest, id: `${String(dearest.id)}-copy`, lenderName: MISSING_LENDER, best: false };
  return { ...body, offers: [...body.offers, copy] };
}

/**
 * The screen's status arrives by the event stream, which a route cannot rewrite; stopped, the client polls the
 * status instead (src/api/broker-client.ts), and each poll's answer gets the 16th offer.
 */
async function routeStatus(page: Page): Promise<void> {
  await page.route('**/api/applicationStatusEvents?*', (route) => route.abort());
  await page.route('**/api/getApplicationStatus?*', async (route: Route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const body = (await response.json()) as StatusBody;
    return route.fulfill({ response, json: withSixteenOffers(body) });
  });
}

/**
 * A real application in Latvian, at full speed: the form, the sandbox bank's identification, then the offers screen
 * once every lender answered.
 */
export async function reachOffersScreen(page: Page, origin: string): Promise<Journey> {
  const lang = 'lv';
  const { workflow } = WORDS[lang];
  await routeStatus(page);
  await page.goto(
    `${origin}${workflowPath(lang, 'enteringEssence')}?type=personalNeeds&amount=${LOAN.amount}&term=${LOAN.term}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.enteringEssence);
  await fillApplication(page, lang);
  await submitApplication(page, lang);
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve');
  await expectStep(page, lang, 'offers', workflow.steps.offers, 30_000);
  const chooseButtons = page.getByRole('button', { name: workflow.offers.choose, exact: false });
  await expect(page.locator('.screen__note')).toHaveCount(0, { timeout: 30_000 });
  await expect(chooseButtons).toHaveCount(OFFERS, { timeout: 30_000 });
  const names = await page.locator('.offer-card__lender').allTextContents();
  const added = names.filter((name) => name === MISSING_LENDER).length;
  return { fromLenders: names.length - added, added };
}

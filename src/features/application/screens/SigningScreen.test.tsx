// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOffer, testStatus } from '../test-support.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';
import { SigningScreen } from './SigningScreen.tsx';

const offer = testOffer({ lenderName: 'Alfa Kredīts', payoutTime: { within: 1, unit: 'workingHours' } });
const chosen = { offers: [offer], chosenOfferId: offer.id, signUrl: 'https://alfa.example/sign/7' };
const signedStatus = () => testStatus('signed', chosen);

const text = {
  lv: {
    title: 'Līguma parakstīšana',
    lead: 'Līgumu ar aizdevēju Alfa Kredīts parakstāt tiešsaistē aizdevēja lapā vai ar kurjeru.',
    open: 'Atvērt aizdevēja Alfa Kredīts parakstīšanas lapu',
    signed: /^Līgums ar aizdevēju Alfa Kredīts par 12\s000\s€ ir parakstīts\.$/,
    payoutHour: 'Aizdevējs naudu parasti izmaksā 1 darba stundas laikā pēc līguma parakstīšanas.',
    payoutDays: 'Aizdevējs naudu parasti izmaksā 2 darba dienu laikā pēc līguma parakstīšanas.',
  },
  ru: {
    title: 'Подписание договора',
    lead: 'Договор с кредитором Alfa Kredīts подписывается онлайн на его сайте или с курьером.',
    open: 'Открыть страницу подписания кредитора Alfa Kredīts',
    signed: /^Договор с кредитором Alfa Kredīts на 12\s000\s€ подписан\.$/,
    payoutHour: 'Кредитор обычно выплачивает деньги в течение 1 рабочего часа после подписания договора.',
    payoutDays: 'Кредитор обычно выплачивает деньги в течение 2 рабочих дней после подписания договора.',
  },
} as const;

describe.each(['lv', 'ru'] as const)('SigningScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('while the person signs at the lender’s: says so, that the payout will show here, and links to the lender’s page again', async () => {
    const { actor } = renderScreen(<SigningScreen />, { language, status: testStatus('offerChosen', chosen) });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offerChosen' }));
    act(() => actor.send({ type: 'SIGN' }));
    const link = await screen.findByRole('link', { name: said.open });
    expect(actor.getSnapshot().matches({ watching: 'signing' })).toBe(true);
    expect(link).toHaveAttribute('href', 'https://alfa.example/sign/7');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(screen.getByText(said.lead)).toBeInTheDocument();
    expect(screen.getByText(workflow.signing.payout)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: workflow.signing.progress })).toBeInTheDocument();
  });

  it('once the lender reports the contract signed: a confirmation with whom, how much, when the money comes and what is next, and no more asking to sign', async () => {
    const { actor } = renderScreen(<SigningScreen />, { language, status: signedStatus() });
    expect(await screen.findByText(said.signed)).toBeInTheDocument();
    expect(actor.getSnapshot().matches({ watching: 'signing' })).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(workflow.signing.signedTitle);
    // the payout time the chosen lender states (its configuration), the same figure as the signed message
    expect(screen.getByText(said.payoutHour)).toBeInTheDocument();
    expect(screen.getByText(workflow.signing.next)).toBeInTheDocument();
    expect(screen.queryByText(said.lead)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: workflow.signing.progress })).toBeInTheDocument();
  });

  it('the lender’s payout moves the machine to paid', async () => {
    const { actor } = renderScreen(<SigningScreen />, { language, status: signedStatus() });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'signing' }));
    act(() => actor.send({ type: 'STATUS', status: { ...signedStatus(), state: 'paid' } }));
    expect(actor.getSnapshot().matches('paid')).toBe(true);
  });

  it('says a lender’s payout time in working days in the right plural form, and no time when the lender states none', async () => {
    const inDays = testOffer({ lenderName: 'Alfa Kredīts', payoutTime: { within: 2, unit: 'workingDays' } });
    const { unmount } = renderScreen(<SigningScreen />, {
      language,
      status: testStatus('signed', { ...chosen, offers: [inDays], chosenOfferId: inDays.id }),
    });
    expect(await screen.findByText(said.payoutDays)).toBeInTheDocument();
    unmount();
    const unstated = testOffer({ lenderName: 'Alfa Kredīts' });
    renderScreen(<SigningScreen />, {
      language,
      status: testStatus('signed', { ...chosen, offers: [unstated], chosenOfferId: unstated.id }),
    });
    expect(await screen.findByText(workflow.signing.signedTimingUnknown)).toBeInTheDocument();
  });

  it('without a known lender or link still says what happens', async () => {
    renderScreen(<SigningScreen />, { language, status: testStatus('signed') });
    expect(await screen.findByText(workflow.signing.signedLeadUnknown)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

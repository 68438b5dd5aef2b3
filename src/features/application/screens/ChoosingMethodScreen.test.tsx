// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { StartIdentificationAnswer } from '../../../../domain/api.ts';
import { deferred, testInstitutions, testStatus } from '../test-support.tsx';
import { DRAFT_KEY } from '../form/application-draft.ts';
import { ChoosingMethodScreen } from './ChoosingMethodScreen.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';

const text = {
  lv: {
    title: 'Apstipriniet savu identitāti',
    failed: 'Identifikācija neizdevās! Lūdzu, mēģiniet vēlreiz.',
    greeting: 'Sveiki, Jānis!',
    loanSummary: 'Pieprasītais kredīts',
    loan: /^12\s000\s€ uz 60 mēnešiem/,
    moreBanks: 'Citas bankas',
    edit: 'Labot pieteikumu',
  },
  ru: {
    title: 'Подтвердите свою личность',
    failed: 'Идентификация не удалась! Пожалуйста, попробуйте ещё раз.',
    greeting: 'Здравствуйте, Jānis!',
    loanSummary: 'Запрашиваемый кредит',
    loan: /^12\s000\s€ на 60 месяцев/,
    moreBanks: 'Другие банки',
    edit: 'Изменить заявку',
  },
} as const;

describe.each(['lv', 'ru'] as const)('ChoosingMethodScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('greets the applicant, sums up the loan and offers the featured banks first, the rest behind "more banks"', async () => {
    const { actor, user } = renderScreen(<ChoosingMethodScreen />, { language, status: testStatus('draft') });
    await screen.findByRole('button', { name: 'Daugavas Banka' });
    expect(actor.getSnapshot().matches({ choosingMethod: 'noError' })).toBe(true);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(screen.getByText(said.greeting)).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: said.loanSummary });
    expect(summary.querySelector('.loan-summary__phrase')).toHaveTextContent(said.loan);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const featured = testInstitutions.filter((institution) => institution.featured);
    const bankSection = screen.getByRole('region', { name: workflow.method.banksHeading });
    const visibleBanks = within(bankSection)
      .getAllByRole('button')
      .filter((button) => button.classList.contains('method-tile'));
    expect(visibleBanks.map((button) => button.textContent)).toEqual(featured.map((institution) => institution.name));
    // the logo is decoration beside the name
    const logo = within(screen.getByRole('button', { name: 'Daugavas Banka' })).getByRole('presentation');
    expect(logo).toHaveAttribute('src', '/api/institutions/daugavas-banka/logo.svg');
    expect(logo).toHaveAttribute('alt', '');

    const more = screen.getByRole('button', { name: said.moreBanks });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Latgales Banka' })).not.toBeInTheDocument();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Latgales Banka' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Zemgales Banka' })).toBeVisible();

    expect(screen.getByRole('button', { name: /Smart-ID/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /eParaksts/ })).toBeEnabled();
  });

  it('sorts the banks by their order, whatever order the list came in', async () => {
    const shuffled = [...testInstitutions].reverse().map((institution) => ({ ...institution, featured: true }));
    renderScreen(<ChoosingMethodScreen />, {
      language,
      status: testStatus('draft'),
      actors: { loadInstitutions: fromPromise(async () => shuffled) },
    });
    await screen.findByRole('button', { name: 'Daugavas Banka' });
    const names = screen
      .getAllByRole('button')
      .filter((button) => button.querySelector('img'))
      .map((button) => button.textContent);
    expect(names).toEqual(testInstitutions.map((institution) => institution.name));
    // nothing left for "more banks"
    expect(screen.queryByRole('button', { name: said.moreBanks })).not.toBeInTheDocument();
  });

  it('starts a bank identification: the chosen bank is pending, every other choice is disabled, then the bank opens', async () => {
    const start = deferred<StartIdentificationAnswer>();
    const opened: string[] = [];
    const { actor, user } = renderScreen(<ChoosingMethodScreen />, {
      language,
      status: testStatus('draft'),
      opened,
      actors: { startIdentification: fromPromise(() => start.promise) },
    });
    await user.click(await screen.findByRole('button', { name: 'Vidzemes Banka' }));

    await untilState(actor, (snapshot) => snapshot.matches('startingIdentification'));
    expect(screen.getByRole('button', { name: 'Vidzemes Banka' })).toHaveAttribute('data-pending', 'true');
    expect(screen.getByRole('button', { name: 'Daugavas Banka' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Smart-ID/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: said.edit })).toBeDisabled();

    start.resolve({ method: 'bank', redirectUrl: 'https://bank.example/login' });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'confirmingIdentity' }));
    expect(opened).toEqual(['https://bank.example/login']);
  });

  it('sends the method for Smart-ID; its verification code comes back', async () => {
    const { actor, user } = renderScreen(<ChoosingMethodScreen />, { language, status: testStatus('draft') });
    await user.click(await screen.findByRole('button', { name: /Smart-ID/ }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'confirmingIdentity' }));
    expect(actor.getSnapshot().context.verificationCode).toBe('1234');
  });

  it('sends the method for the electronic signature, then eParaksts opens', async () => {
    const choices: unknown[] = [];
    const opened: string[] = [];
    const { actor, user } = renderScreen(<ChoosingMethodScreen />, {
      language,
      status: testStatus('draft'),
      opened,
      actors: {
        startIdentification: fromPromise(async ({ input }) => {
          choices.push(input.choice);
          return { method: 'eSignature' as const, redirectUrl: 'https://eparaksts.example/auth' };
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /eParaksts/ }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'confirmingIdentity' }));
    expect(choices).toEqual([{ method: 'eSignature' }]);
    expect(opened).toEqual(['https://eparaksts.example/auth']);
  });

  it('after a failed identification says so, and why, above the same choice', async () => {
    const status = testStatus('identificationFailed', {
      identification: { method: 'smartId', state: 'failed', verificationCode: null, failure: 'refused' },
    });
    const { actor } = renderScreen(<ChoosingMethodScreen />, { language, status });
    const alert = await screen.findByRole('alert');
    expect(actor.getSnapshot().matches({ choosingMethod: 'identificationFailed' })).toBe(true);
    expect(within(alert).getByText(said.failed)).toBeInTheDocument();
    expect(within(alert).getByText(workflow.failure.refused)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Daugavas Banka' })).toBeEnabled();
  });

  it('when the start itself fails, shows the API error text', async () => {
    const { actor, user } = renderScreen(<ChoosingMethodScreen />, {
      language,
      status: testStatus('draft'),
      actors: {
        startIdentification: fromPromise(async () => {
          throw { code: 'providerUnavailable', status: 503 };
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Smart-ID/ }));
    const alert = await screen.findByRole('alert');
    expect(actor.getSnapshot().matches({ choosingMethod: 'identificationFailed' })).toBe(true);
    expect(alert).toHaveTextContent(said.failed);
    expect(alert).toHaveTextContent(words[language].api.providerUnavailable);
  });

  it('"edit the application" says what this tab kept comes back (all but the personal code and the income), and takes the applicant back to the form', async () => {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ firstname: 'Jānis' }));
    try {
      const { actor, user } = renderScreen(<ChoosingMethodScreen />, { language, status: testStatus('draft') });
      const edit = await screen.findByRole('button', { name: said.edit });
      expect(edit).toHaveAccessibleDescription(workflow.method.editHint);
      expect(workflow.method.editHint).toMatch(
        language === 'lv' ? /personas kods un ienākumi/ : /персональный код и доход/,
      );
      await user.click(edit);
      await untilState(actor, (snapshot) => snapshot.matches('enteringEssence'));
    } finally {
      window.sessionStorage.removeItem(DRAFT_KEY);
    }
  });

  it('"edit the application" in a browser that kept no form (opened from a message) says it must be filled in again', async () => {
    renderScreen(<ChoosingMethodScreen />, { language, status: testStatus('draft') });
    const edit = await screen.findByRole('button', { name: said.edit });
    expect(edit).toHaveAccessibleDescription(workflow.method.editHintEmpty);
  });

  it('right after the form, with no status yet, shows no greeting', async () => {
    const { actor } = renderScreen(<ChoosingMethodScreen />, { language });
    actor.send({
      type: 'SUBMIT',
      body: {} as never,
      idempotencyKey: 'k'.repeat(16),
    });
    await untilState(actor, (snapshot) => snapshot.matches('choosingMethod'));
    await screen.findByRole('button', { name: 'Daugavas Banka' });
    expect(screen.queryByText(said.greeting)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
  });
});

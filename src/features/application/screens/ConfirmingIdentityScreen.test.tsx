// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithWorkflow, testStatus } from '../test-support.tsx';
import { ChoosingMethodScreen } from './ChoosingMethodScreen.tsx';
import { ConfirmingIdentityScreen } from './ConfirmingIdentityScreen.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';

const text = {
  lv: {
    title: 'Lūdzu, uzgaidiet',
    another: 'Izvēlēties citu banku',
    anotherMethod: 'Izvēlēties citu veidu',
    announced: 'Smart-ID kontrolkods: 4 8 2 1',
  },
  ru: {
    title: 'Пожалуйста, подождите',
    another: 'Выбрать другой банк',
    anotherMethod: 'Выбрать другой способ',
    announced: 'Контрольный код Smart-ID: 4 8 2 1',
  },
} as const;

const smartIdStatus = () =>
  testStatus('identifying', {
    identification: { method: 'smartId', state: 'pending', verificationCode: '4821', failure: null },
  });

describe.each(['lv', 'ru'] as const)('ConfirmingIdentityScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('shows the Smart-ID verification code large, what to check, and a progress indicator', async () => {
    const { actor } = renderScreen(<ConfirmingIdentityScreen />, { language, status: smartIdStatus() });
    await screen.findByText('4821');
    expect(actor.getSnapshot().matches({ watching: 'confirmingIdentity' })).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(screen.getByText('4821')).toHaveClass('verification__code');
    expect(screen.getByText(workflow.confirming.codeLabel)).toBeInTheDocument();
    expect(screen.getByText(workflow.confirming.smartIdInstruction)).toHaveTextContent('PIN1');
    const progress = screen.getByRole('progressbar', { name: workflow.confirming.progress });
    expect(progress).not.toHaveAttribute('aria-valuenow');
  });

  it('announces the code once, in a polite live region apart from the code on screen', async () => {
    renderScreen(<ConfirmingIdentityScreen />, { language, status: smartIdStatus() });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(await within(region).findByText(said.announced)).toBeInTheDocument();
    // the code itself is not inside any live region
    expect(screen.getByText('4821').closest('[aria-live]')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('takes the code the start of Smart-ID gave, straight after choosing it', async () => {
    const { actor, user, unmount } = renderScreen(<ChoosingMethodScreen />, { language, status: testStatus('draft') });
    await user.click(await screen.findByRole('button', { name: /Smart-ID/ }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'confirmingIdentity' }));
    unmount();
    renderWithWorkflow(<ConfirmingIdentityScreen />, { actor, language });
    expect(await screen.findByText('1234')).toHaveClass('verification__code');
  });

  it('without a code, says the bank or eParaksts is confirming', async () => {
    renderScreen(<ConfirmingIdentityScreen />, {
      language,
      status: testStatus('identifying', {
        identification: { method: 'bank', state: 'pending', verificationCode: null, failure: null },
      }),
    });
    expect(await screen.findByText(workflow.confirming.bank)).toBeInTheDocument();
    expect(screen.queryByText(workflow.confirming.codeLabel)).not.toBeInTheDocument();
    // with a bank, going back is choosing another bank
    expect(screen.getByRole('button', { name: said.another })).toBeInTheDocument();
  });

  it('names eParaksts when that is the method', async () => {
    renderScreen(<ConfirmingIdentityScreen />, {
      language,
      status: testStatus('identifying', {
        identification: { method: 'eSignature', state: 'pending', verificationCode: null, failure: null },
      }),
    });
    expect(await screen.findByText(workflow.confirming.eSignature)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: said.anotherMethod })).toBeInTheDocument();
  });

  it('with Smart-ID the button says "choose another way", not another bank, and goes back to the choice', async () => {
    const { actor, user } = renderScreen(<ConfirmingIdentityScreen />, { language, status: smartIdStatus() });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'confirmingIdentity' }));
    expect(screen.queryByRole('button', { name: said.another })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: said.anotherMethod }));
    await untilState(actor, (snapshot) => snapshot.matches({ choosingMethod: 'noError' }));
  });
});

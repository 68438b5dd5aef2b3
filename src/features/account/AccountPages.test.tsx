// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPage, LinkInvalidPage, SmsOptOutPage, UnsubscribePage } from './AccountPages.tsx';
import { renderIn, WORDS } from './test-support.tsx';

describe('the pages of coming back, as prerendered', () => {
  it.each(['lv', 'ru'] as const)('%s: the spent-link page points to the account and to a new application', (lang) => {
    renderIn(lang, <LinkInvalidPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(WORDS[lang].linkInvalid.heading);
    expect(screen.getByText(WORDS[lang].linkInvalid.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: WORDS[lang].linkInvalid.account })).toHaveAttribute(
      'href',
      lang === 'lv' ? '/profils' : '/ru/profil',
    );
    expect(screen.getByRole('link', { name: WORDS[lang].linkInvalid.newApplication })).toHaveAttribute(
      'href',
      lang === 'lv' ? '/applicantWorkflow/enteringEssence' : '/ru/applicantWorkflow/enteringEssence',
    );
  });

  it('each page has its one h1 above its island', () => {
    const island = <p>island</p>;
    const { unmount } = renderIn('lv', <AccountPage island={island} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([WORDS.lv.heading]);
    unmount();
    const sms = renderIn('ru', <SmsOptOutPage island={island} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      WORDS.ru.smsOptOut.heading,
    ]);
    expect(screen.getByText(WORDS.ru.smsOptOut.intro)).toBeInTheDocument();
    sms.unmount();
    renderIn('lv', <UnsubscribePage island={island} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      WORDS.lv.unsubscribe.heading,
    ]);
  });
});

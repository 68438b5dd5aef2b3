// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../../../domain/staff-consultant-api.ts';
import lvConsultant from '../../../../locales/lv/staff-consultant.json';
import ruConsultant from '../../../../locales/ru/staff-consultant.json';
import { createI18n } from '../../../i18n/i18n.ts';
import type { StaffConsultantClient } from '../../../api/staff-consultant-client.ts';
import { ConsultantClientContext } from './consultant-client.ts';
import { PersonalDataPanel } from './PersonalDataPanel.tsx';
import { describeEvent } from './Timeline.tsx';

const i18nIn = (lang: 'lv' | 'ru') =>
  createI18n(lang, { lv: { 'staff-consultant': lvConsultant }, ru: { 'staff-consultant': ruConsultant } });

const ID = '0b6a3f0e-1c1d-4c1e-9a49-3f2e8c7d6b5a';

const PERSON = {
  firstName: 'Jānis',
  lastName: 'Bērziņš',
  email: 'janis@example.lv',
  phoneNumber: '+37120000000',
  monthlyIncome: 1800,
  incomeTypes: ['fullTimeJob'],
  monthlyFinancialLiabilities: null,
};

describe("the consultant's personal data panel", () => {
  it('asks for a reason first, sends it, then shows contacts and income', async () => {
    const asked: unknown[][] = [];
    const client = {
      personalData: async (...args: unknown[]) => {
        asked.push(args);
        return PERSON;
      },
    } as unknown as StaffConsultantClient;
    render(
      <I18nextProvider i18n={i18nIn('lv')}>
        <ConsultantClientContext.Provider value={client}>
          <PersonalDataPanel applicationId={ID} />
        </ConsultantClientContext.Provider>
      </I18nextProvider>,
    );
    expect(screen.queryByText(PERSON.email)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: lvConsultant.personal.show }));
    expect(await screen.findByText(lvConsultant.personal.chooseReason)).toBeTruthy();
    expect(asked).toEqual([]);

    fireEvent.change(screen.getByLabelText(new RegExp(lvConsultant.personal.reason)), {
      target: { value: 'documentsHelp' },
    });
    fireEvent.click(screen.getByRole('button', { name: lvConsultant.personal.show }));
    expect(await screen.findByText(PERSON.email)).toBeTruthy();
    expect(screen.getByText('Jānis Bērziņš')).toBeTruthy();
    expect(screen.getByText(lvConsultant.personal.incomeTypeNames.fullTimeJob)).toBeTruthy();
    expect(asked).toEqual([[ID, 'documentsHelp']]);
  });
});

describe("the timeline's words", () => {
  const event = (more: Partial<TimelineEvent>): TimelineEvent => ({
    at: '2026-11-27T10:00:00.000Z',
    kind: 'submitted',
    lenderName: null,
    detail: null,
    channel: null,
    ...more,
  });

  it.each([
    ['lv', event({ kind: 'declined', lenderName: 'Luminor', detail: 'income' }), 'Aizdevējs Luminor atteica: ienākumi'],
    ['ru', event({ kind: 'declined', lenderName: 'Luminor', detail: 'income' }), 'Кредитор Luminor отказал: доход'],
    [
      'lv',
      event({ kind: 'noticeSent', detail: 'received', channel: 'sms' }),
      'Nosūtīta ziņa: pieteikums saņemts (SMS)',
    ],
    ['ru', event({ kind: 'identified', detail: 'smartId' }), 'Личность подтверждена (Smart-ID)'],
    ['lv', event({ kind: 'login', detail: 'somethingNew' }), 'Klients pieslēdzās profilam (nav zināms)'],
  ] as const)('in %s: %j', (lang, given, words) => {
    const i18n = i18nIn(lang);
    expect(describeEvent(i18n.getFixedT(lang, 'staff-consultant'), lang, given)).toBe(words);
  });
});

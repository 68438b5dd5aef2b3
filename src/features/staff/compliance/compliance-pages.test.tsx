// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { AuditQuery } from '../../../../domain/staff-api.ts';
import type { ReviewRequestRow, StaffDirectoryEntry } from '../../../../domain/staff-compliance-api.ts';
import type { StaffClient } from '../../../api/staff-client.ts';
import type { StaffComplianceClient } from '../../../api/staff-compliance-client.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import lvCompliance from '../../../../locales/lv/staff-compliance.json';
import lvStaff from '../../../../locales/lv/staff.json';
import ruCompliance from '../../../../locales/ru/staff-compliance.json';
import ruStaff from '../../../../locales/ru/staff.json';
import { AuditLog } from '../AuditLog.tsx';
import { StaffClientContext } from '../staff-context.ts';
import { ComplianceClientContext } from './compliance-hooks.ts';
import { ReviewRequests } from './ReviewRequests.tsx';

/** What compliance sees: the audit search's staff picker, and the review requests with Riga's dates and what is late. */

const MEMBERS: StaffDirectoryEntry[] = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Anna', email: 'anna@kreditkompass.lv', removed: false },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Vera', email: 'vera@kreditkompass.lv', removed: true },
];

const REVIEWS: ReviewRequestRow[] = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    applicationId: '44444444-4444-4444-8444-444444444444',
    lenderId: 'ziemelu-banka',
    lender: 'Ziemeļu Banka',
    // 00:30 on 2 November in Riga, still the 1st in UTC
    askedAt: '2026-11-01T22:30:00.000Z',
    sentAt: '2026-11-01T22:30:01.000Z',
    phase: 'sent',
    outcome: null,
    answeredAt: null,
    dueOn: '2026-11-23',
    overdue: true,
  },
];

const complianceClient = (client: Partial<StaffComplianceClient>) => client as StaffComplianceClient;

const i18nIn = (lang: 'lv' | 'ru') =>
  createI18n(lang, {
    lv: { staff: lvStaff, 'staff-compliance': lvCompliance },
    ru: { staff: ruStaff, 'staff-compliance': ruCompliance },
  });

describe("the audit search's staff picker", () => {
  it('offers every member, removed ones named so, and searches by the one picked', async () => {
    const searchAudit = vi.fn(async (_query: AuditQuery) => ({ records: [], truncated: false }));
    render(
      <I18nextProvider i18n={i18nIn('lv')}>
        <ComplianceClientContext.Provider value={complianceClient({ staffDirectory: async () => MEMBERS })}>
          <StaffClientContext.Provider value={{ searchAudit } as unknown as StaffClient}>
            <AuditLog />
          </StaffClientContext.Provider>
        </ComplianceClientContext.Provider>
      </I18nextProvider>,
    );
    const picker = screen.getByLabelText(lvStaff.audit.staffId);
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      lvStaff.audit.anyMember,
      lvStaff.audit.anyMember,
      'Anna <anna@kreditkompass.lv>',
      'Vera <vera@kreditkompass.lv> (noņemts)',
    ]);
    fireEvent.change(picker, { target: { value: MEMBERS[1]?.id } });
    fireEvent.click(screen.getByRole('button', { name: lvStaff.audit.search }));
    await waitFor(() => expect(searchAudit).toHaveBeenCalledWith({ staffId: MEMBERS[1]?.id }));
    expect(screen.getByRole('link', { name: lvStaff.audit.csv })).toHaveAttribute(
      'href',
      `/api/staff/audit.csv?staffId=${MEMBERS[1]?.id}`,
    );
  });
});

describe("the lenders' review requests", () => {
  it.each([
    ['lv', 'Nosūtīts, gaida atbildi Nokavēts', '02.11.2026'],
    ['ru', 'Отправлен, ожидает ответа Просрочено', '02.11.2026'],
  ] as const)('shows each request, its state and what is late, in Riga time (%s)', async (lang, state, asked) => {
    render(
      <I18nextProvider i18n={i18nIn(lang)}>
        <ComplianceClientContext.Provider value={complianceClient({ reviewRequests: async () => REVIEWS })}>
          <ReviewRequests />
        </ComplianceClientContext.Provider>
      </I18nextProvider>,
    );
    const row = await screen.findByRole('row', { name: /Ziemeļu Banka/ });
    const cells = within(row).getAllByRole('cell');
    expect(within(row).getByRole('rowheader').textContent).toContain(asked);
    expect(within(row).getByRole('rowheader').textContent).toContain('00:30');
    expect(cells[2]?.textContent).toBe(state);
    expect(cells[3]?.textContent).toBe('23.11.2026');
    expect(cells[4]?.textContent).toBe('—');
  });
});

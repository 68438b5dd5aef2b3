import { describe, expect, it } from 'vitest';
import type { BankTransaction } from './bank-statement-client.ts';
import { incomeSummary, periodMonths } from './bank-statement-income.ts';

const PERIOD = { from: '2026-05-01', to: '2026-11-27' };
const OWN = 'LV80DAUG0000000000001';
const EMPLOYER = { name: 'SIA Ziemeļu Koks', iban: 'LV10VIDZ0000000000002' };

let sequence = 0;
function incoming(
  bookingDate: string,
  amountCents: number,
  from: { name: string; iban: string | null },
  extra: Partial<BankTransaction> = {},
): BankTransaction {
  sequence += 1;
  return {
    id: `t${sequence}`,
    bookingDate,
    amountCents,
    currency: 'EUR',
    counterpartyName: from.name,
    counterpartyIban: from.iban,
    remittance: '',
    purposeCode: null,
    bankTransactionCode: 'PMNT-RCDT-ESCT',
    ...extra,
  };
}

const MONTHS = ['05', '06', '07', '08', '09', '10', '11'];
const salaries = (cents: (index: number) => number) =>
  MONTHS.map((month, index) =>
    incoming(`2026-${month}-08`, cents(index), EMPLOYER, { purposeCode: 'SALA', remittance: 'Darba alga' }),
  );

describe('the income summary', () => {
  it('knows the period’s months and which of them are whole', () => {
    expect(periodMonths(PERIOD)).toEqual([
      ...MONTHS.slice(0, 6).map((month) => ({ month: `2026-${month}`, complete: true })),
      { month: '2026-11', complete: false },
    ]);
    expect(periodMonths({ from: '2025-12-15', to: '2026-01-31' })).toEqual([
      { month: '2025-12', complete: false },
      { month: '2026-01', complete: true },
    ]);
  });

  it('finds the salary, its payer and the average of the whole months (this month’s pay left out)', () => {
    const summary = incomeSummary(
      salaries((index) => 150_000 + index * 1_000),
      { period: PERIOD, ownIbans: [OWN] },
    );
    expect(summary.mainKind).toBe('salary');
    expect(summary.sources).toHaveLength(1);
    const [salary] = summary.sources;
    expect(salary?.payers).toEqual(['SIA Ziemeļu Koks']);
    expect(salary?.paymentCount).toBe(7);
    // 1500..1550 € in May..October; November's 1560 € is in a month not yet over
    expect(salary?.monthlyAverageCents).toBe(152_500);
    expect(summary.monthlyAverageCents).toBe(152_500);
    expect(summary.byMonth.at(-1)).toEqual({ month: '2026-11', amountCents: 156_000, complete: false });
  });

  it('knows a salary by its words when the bank gives no purpose code', () => {
    const summary = incomeSummary(
      MONTHS.map((month) =>
        incoming(`2026-${month}-05`, 90_000, EMPLOYER, { remittance: 'Заработная плата за месяц' }),
      ),
      { period: PERIOD },
    );
    expect(summary.mainKind).toBe('salary');
  });

  it('puts a self-employed person’s clients together as one source of self-employment income', () => {
    const clients = [
      { name: 'SIA Gaujas Viesnīca', iban: 'LV11KURZ0000000000003' },
      { name: 'SIA Ogres Mēbeles', iban: 'LV12LATG0000000000004' },
      { name: 'SIA Mārupes Remonts', iban: 'LV13ZEMG0000000000005' },
    ];
    const client = (index: number) => clients[index % clients.length] as (typeof clients)[number];
    // each client pays now and then; together they pay every month
    const invoices = MONTHS.flatMap((month, index) => [
      incoming(`2026-${month}-03`, 80_000, client(index), {
        purposeCode: 'SUPP',
        remittance: 'Rēķins Nr. 7',
      }),
      incoming(`2026-${month}-19`, 40_000, client(index + 1), { remittance: 'Rēķins Nr. 8' }),
    ]);
    const summary = incomeSummary(invoices, { period: PERIOD });
    expect(summary.mainKind).toBe('selfEmployment');
    expect(summary.sources).toHaveLength(1);
    expect(new Set(summary.sources[0]?.payers)).toEqual(new Set(clients.map((client) => client.name)));
    expect(summary.monthlyAverageCents).toBe(120_000);
  });

  it('counts no own transfers, card refunds, outgoing payments or one-off gifts', () => {
    const summary = incomeSummary(
      [
        ...MONTHS.map((month) => incoming(`2026-${month}-11`, 20_000, { name: 'Līga Kalniņa', iban: OWN })),
        ...MONTHS.map((month) =>
          incoming(
            `2026-${month}-12`,
            1_500,
            { name: 'Veikals Ābele', iban: null },
            { bankTransactionCode: 'PMNT-CCRD-RRTN' },
          ),
        ),
        ...MONTHS.map((month) => incoming(`2026-${month}-14`, -50_000, { name: 'Ilze Kalniņa', iban: 'LV14' })),
        incoming('2026-07-02', 30_000, { name: 'Pēteris Liepiņš', iban: 'LV15DAUG0000000000006' }),
        incoming('2026-09-02', 5_000, { name: 'Pēteris Liepiņš', iban: 'LV15DAUG0000000000006' }),
      ],
      { period: PERIOD, ownIbans: [OWN] },
    );
    expect(summary.sources).toEqual([]);
    expect(summary.mainKind).toBeNull();
    expect(summary.monthlyAverageCents).toBe(0);
  });

  it('keeps a regular payer that is not an employer, such as a pension, beside the salary', () => {
    const pension = MONTHS.map((month) =>
      incoming(
        `2026-${month}-20`,
        45_000,
        { name: 'VSAA', iban: 'LV16VIDZ0000000000007' },
        { remittance: 'Vecuma pensija' },
      ),
    );
    const summary = incomeSummary([...salaries(() => 100_000), ...pension], { period: PERIOD });
    expect(summary.sources.map((source) => [source.kind, source.monthlyAverageCents])).toEqual([
      ['salary', 100_000],
      ['otherRegular', 45_000],
    ]);
    expect(summary.monthlyAverageCents).toBe(145_000);
  });

  it('leaves out what falls outside the period', () => {
    const summary = incomeSummary(
      [incoming('2026-04-30', 100_000, EMPLOYER, { purposeCode: 'SALA' }), ...salaries(() => 100_000)],
      { period: PERIOD },
    );
    expect(summary.sources[0]?.paymentCount).toBe(7);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lenderRegistryFromEnv, lenderRegistryOf, type LenderConfig } from './lender-config.ts';

const secret = Buffer.alloc(32, 7).toString('base64');
const lender: LenderConfig = {
  id: 'baltic-credit',
  name: 'Baltic Credit',
  kind: 'nonBank',
  registrationNumber: '40103000002',
  address: 'Tērbatas iela 2, Rīga, LV-1011',
  logo: 'https://cdn.example.lv/baltic-credit.svg',
  endpoint: 'https://partners.baltic-credit.example/kk/',
  keyId: 'kk-2026-a',
  secret,
};

describe('the lenders configuration', () => {
  it('turns each lender into a registry entry with its endpoint, key id and secret', () => {
    expect(lenderRegistryOf([lender])).toEqual([
      {
        id: 'baltic-credit',
        name: 'Baltic Credit',
        kind: 'nonBank',
        registrationNumber: '40103000002',
        address: 'Tērbatas iela 2, Rīga, LV-1011',
        logo: 'https://cdn.example.lv/baltic-credit.svg',
        baseUrl: 'https://partners.baltic-credit.example/kk',
        keyId: 'kk-2026-a',
        secret: Buffer.alloc(32, 7),
        amounts: { min: 500, max: 25_000 },
        terms: { min: 6, max: 84 },
        // every purpose the form offers, unless told fewer
        purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'realEstateLoan', 'business', 'other'],
        // a real lender: a widget's test applications never go to it
        takesTestApplications: false,
      },
    ]);
    expect(lenderRegistryOf([{ ...lender, test: true }])[0]?.takesTestApplications).toBe(true);
    // no logo of its own: the broker's monogram of it
    expect(lenderRegistryOf([{ ...lender, logo: undefined }])[0]?.logo).toBe('/api/lenders/baltic-credit/logo.svg');
    expect(lenderRegistryOf([{ ...lender, amounts: { min: 1000, max: 5000 } }])[0]?.amounts).toEqual({
      min: 1000,
      max: 5000,
    });
    expect(lenderRegistryOf([{ ...lender, purposes: ['buyingCar', 'business'] }])[0]?.purposes).toEqual([
      'buyingCar',
      'business',
    ]);
    // the payout time as the lender states it; none stated: none made up
    expect(lenderRegistryOf([{ ...lender, payoutTime: { within: 1, unit: 'workingHours' } }])[0]?.payoutTime).toEqual({
      within: 1,
      unit: 'workingHours',
    });
    expect(lenderRegistryOf([lender])[0]).not.toHaveProperty('payoutTime');
  });

  it.each([
    ['a secret shorter than 32 bytes', { secret: Buffer.alloc(16).toString('base64') }, 'at least 32 bytes'],
    ['a secret that is not base64', { secret: 'not base64!' }, 'secret'],
    ['an unknown kind', { kind: 'pawnshop' }, 'kind'],
    ['an endpoint that is not http(s)', { endpoint: 'ftp://lender.example' }, 'endpoint'],
    ['an id with capitals', { id: 'Baltic' }, 'lower-case'],
    ['an amount range upside down', { amounts: { min: 5000, max: 1000 } }, 'min is at most max'],
    ['no register number', { registrationNumber: ' ' }, 'registrationNumber'],
    ['no address', { address: '' }, 'address'],
    ['an unknown purpose', { purposes: ['yacht'] }, 'purposes'],
    ['no purpose at all', { purposes: [] }, 'purposes'],
    ['a payout time in an unknown unit', { payoutTime: { within: 1, unit: 'minutes' } }, 'payoutTime'],
    ['a payout time of zero', { payoutTime: { within: 0, unit: 'workingDays' } }, 'payoutTime'],
    ['commission terms that pay nothing', { commission: { percentOfPrincipal: 0, fixedPerLoan: 0 } }, 'commission'],
    ['a commission over 20 %', { commission: { percentOfPrincipal: 25, fixedPerLoan: 0 } }, 'commission'],
    ['a negative fixed commission', { commission: { percentOfPrincipal: 2, fixedPerLoan: -5 } }, 'commission'],
  ])('refuses %s, naming the field', (_label, change, message) => {
    expect(() => lenderRegistryOf([{ ...lender, ...change }])).toThrow(message);
  });

  it("keeps a lender's commission terms for the commissions report", () => {
    const [entry] = lenderRegistryOf([{ ...lender, commission: { percentOfPrincipal: 2.5, fixedPerLoan: 20 } }]);
    expect(entry?.commission).toEqual({ percentOfPrincipal: 2.5, fixedPerLoan: 20 });
    expect(lenderRegistryOf([lender])[0]?.commission).toBeUndefined();
  });

  it('refuses a lender named twice', () => {
    expect(() => lenderRegistryOf([lender, { ...lender, name: 'Other' }])).toThrow('lender ids repeat');
  });
});

describe('lenderRegistryFromEnv', () => {
  it('reads LENDERS_CONFIG', () => {
    expect(lenderRegistryFromEnv({ LENDERS_CONFIG: JSON.stringify([lender]) }).map((entry) => entry.id)).toEqual([
      'baltic-credit',
    ]);
  });

  it('reads the file LENDERS_CONFIG_FILE names', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lenders-')), 'lenders.json');
    writeFileSync(file, JSON.stringify([lender, { ...lender, id: 'ozols', name: 'Ozols' }]));
    expect(lenderRegistryFromEnv({ LENDERS_CONFIG_FILE: file })).toHaveLength(2);
  });

  it('says which setting is not JSON', () => {
    expect(() => lenderRegistryFromEnv({ LENDERS_CONFIG: '[{' })).toThrow('LENDERS_CONFIG: not JSON');
  });

  it('names no lender when neither is set', () => {
    expect(lenderRegistryFromEnv({})).toEqual([]);
  });
});

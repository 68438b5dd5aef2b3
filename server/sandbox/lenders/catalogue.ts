import type { LenderKind } from '../../../domain/offer.ts';
import type { ServedRanges } from '../../../domain/offer-bounds.ts';
import { MAX_AMOUNT, MAX_TERM_MONTHS, MIN_AMOUNT, MIN_TERM_MONTHS } from '../../../domain/loan-options.ts';
import type { PartnerLoanPurpose } from '../../lenders/messages.ts';

/**
 * The sandbox's sixteen partner lenders: six banks and ten non-bank lenders, shaped like the Latvian market
 * (DOMAIN.md, Lenders) under invented names. Each has its own ranges, pricing, purposes and answer speed; two
 * small-loan lenders (Zibens Nauda, Vējš Nauda) charge fees that push short small loans above the 0.07 %/day
 * cost cap, so the broker's flag has something to flag.
 */

/** How long a lender takes to answer: log-normal around the median, clamped. */
export interface DelayProfile {
  readonly minSeconds: number;
  readonly medianSeconds: number;
  readonly maxSeconds: number;
}

export interface SandboxLender {
  readonly id: string;
  readonly name: string;
  readonly kind: LenderKind;
  /** its entry in the Register of Enterprises (11 digits) and its legal address: invented, on real streets */
  readonly registrationNumber: string;
  readonly address: string;
  /** EUR */
  readonly minAmount: number;
  readonly maxAmount: number;
  /** months */
  readonly minTerm: number;
  readonly maxTerm: number;
  /** borrowing rate for the best risk, percent */
  readonly baseRate: number;
  /** the rate never goes above this, percent */
  readonly maxRate: number;
  /** how many rate points one point of risk margin costs (banks 1, non-banks more) */
  readonly riskFactor: number;
  /** arrangement fee: percent of the amount, at least the minimum (EUR) */
  readonly arrangementFeePercent: number;
  readonly arrangementFeeMin: number;
  /** EUR a month */
  readonly monthlyFee: number;
  /** net EUR a month below which it declines for income */
  readonly minMonthlyIncome: number;
  readonly purposes: readonly PartnerLoanPurpose[];
  readonly offerValidityDays: number;
  readonly delay: DelayProfile;
  /** the signing page's accent colour */
  readonly colour: string;
}

type Range = readonly [min: number, max: number];

/** One lender's own figures, in the order of SandboxLender's fields; the tables below name the columns. */
type LenderRow = readonly [
  id: string,
  name: string,
  amount: Range,
  term: Range,
  rate: readonly [baseRate: number, maxRate: number, riskFactor: number],
  fees: readonly [arrangementFeePercent: number, arrangementFeeMin: number, monthlyFee: number],
  minMonthlyIncome: number,
  purposes: string,
  offerValidityDays: number,
  delaySeconds: readonly [min: number, median: number, max: number],
  colour: string,
];

/** One letter a purpose, in the lender's own order, so a whole lender fits on one row of its table. */
const PURPOSE_CODES = {
  P: 'personalNeeds',
  R: 'refinancing',
  C: 'buyingCar',
  H: 'houseRepair',
  E: 'realEstateLoan',
  B: 'business',
  O: 'other',
} as const satisfies Record<string, PartnerLoanPurpose>;

function purposeOf(code: string): PartnerLoanPurpose {
  const purpose = (PURPOSE_CODES as Record<string, PartnerLoanPurpose | undefined>)[code];
  if (!purpose) throw new Error(`sandbox lender catalogue: unknown purpose code '${code}'`);
  return purpose;
}

// prettier-ignore
const IDENTITIES: Readonly<Record<string, readonly [registrationNumber: string, address: string]>> = {
  'ziemelu-banka':       ['40003154321', 'Krišjāņa Valdemāra iela 62, Rīga, LV-1013'],
  'gaujas-banka':        ['40003287654', 'Pils iela 8, Sigulda, Siguldas nov., LV-2150'],
  'rigas-lica-banka':    ['40003398765', 'Kalpaka bulvāris 10, Rīga, LV-1050'],
  'dzintarkrasta-banka': ['40003512348', 'Jomas iela 45, Jūrmala, LV-2015'],
  'balta-berza-banka':   ['40003620917', 'Brīvības iela 88, Rīga, LV-1001'],
  'ozolu-banka':         ['40003745102', 'Lielā iela 17, Jelgava, LV-3001'],
  'baltic-kredits':      ['40103456782', 'Dzirnavu iela 37, Rīga, LV-1010'],
  'amber-finance':       ['40103567893', 'Skanstes iela 50, Rīga, LV-1013'],
  'zibens-nauda':        ['40203123456', 'Ganību dambis 24, Rīga, LV-1005'],
  'starkis-kredits':     ['40103678904', 'Rīgas iela 22, Valmiera, Valmieras nov., LV-4201'],
  'lapsa-finanses':      ['40203234567', 'Lāčplēša iela 87, Rīga, LV-1011'],
  'menesa-kredits':      ['40103789015', 'Ausekļa iela 3, Rīga, LV-1010'],
  'puce-credit':         ['40203345678', 'Rīgas iela 14, Daugavpils, LV-5401'],
  'skudra-finance':      ['40103890126', 'Elizabetes iela 45, Rīga, LV-1010'],
  'rasa-kredits':        ['40103901237', 'Graudu iela 27, Liepāja, LV-3401'],
  'vejs-nauda':          ['40203456789', 'Tērbatas iela 53, Rīga, LV-1011'],
};

function lender(kind: LenderKind, row: LenderRow): SandboxLender {
  const [id, name, amount, term, rate, fees, minMonthlyIncome, purposes, offerValidityDays, delaySeconds, colour] = row;
  const identity = IDENTITIES[id];
  if (!identity) throw new Error(`sandbox lender catalogue: no register number and address for '${id}'`);
  return {
    id,
    name,
    kind,
    registrationNumber: identity[0],
    address: identity[1],
    minAmount: amount[0],
    maxAmount: amount[1],
    minTerm: term[0],
    maxTerm: term[1],
    baseRate: rate[0],
    maxRate: rate[1],
    riskFactor: rate[2],
    arrangementFeePercent: fees[0],
    arrangementFeeMin: fees[1],
    monthlyFee: fees[2],
    minMonthlyIncome,
    purposes: [...purposes].map(purposeOf),
    offerValidityDays,
    delay: { minSeconds: delaySeconds[0], medianSeconds: delaySeconds[1], maxSeconds: delaySeconds[2] },
    colour,
  };
}

// One row a lender, columns aligned (hence prettier-ignore), so lenders compare at a glance; a lender's kind is its
// table. Amounts in €, terms in months, rates in % (base, cap) with the risk factor, fees as % of the amount, at
// least €, and € a month; income: net € a month; valid: days an offer stands; answer: seconds (min, median, max).
// Purposes: P personalNeeds, R refinancing, C buyingCar, H houseRepair, E realEstateLoan, B business, O other.

// prettier-ignore
const BANKS: readonly LenderRow[] = [
  // id                   name                   amount €        term mo   rate %, risk      fee %, €, €/mo  income purposes valid answer s        colour
  ['ziemelu-banka',       'Ziemeļu Banka',       [1000, 25_000], [12, 84], [6.9, 16, 1],     [2, 50, 0],     600,   'PRCHEO', 30,   [20, 90, 1800],  '#1d4e89'],
  ['gaujas-banka',        'Gaujas Banka',        [500, 20_000],  [6, 84],  [7.5, 17, 1],     [1.5, 35, 2.5], 450,   'PRCHO',  21,   [10, 60, 1200],  '#2e7d32'],
  ['rigas-lica-banka',    'Rīgas Līča Banka',    [2000, 25_000], [12, 84], [7.2, 15, 1],     [1, 75, 0],     800,   'RCHEB',  30,   [30, 180, 2700], '#00607a'],
  ['dzintarkrasta-banka', 'Dzintarkrasta Banka', [500, 15_000],  [6, 72],  [8.9, 19.9, 1.2], [3, 30, 3],     400,   'PRCHO',  14,   [5, 40, 900],    '#b26a00'],
  ['balta-berza-banka',   'Baltā Bērza Banka',   [1000, 25_000], [6, 84],  [9.89, 21, 1.2],  [4.9, 60, 0],   500,   'PRCHO',  30,   [15, 120, 1800], '#5d4037'],
  ['ozolu-banka',         'Ozolu Banka',         [500, 10_000],  [6, 60],  [10.9, 22, 1.3],  [2.5, 25, 1.5], 450,   'PCHBO',  14,   [60, 600, 3000], '#33691e'],
];

// prettier-ignore
const NON_BANKS: readonly LenderRow[] = [
  // id               name               amount €        term mo    rate %, risk      fee %, €, €/mo  income purposes   valid answer s        colour
  ['baltic-kredits',  'Baltic Kredīts',  [100, 7000],    [3, 60],   [14.9, 36, 2.5],  [0, 0, 3.5],    300,   'PRCHO',   7,    [3, 10, 300],    '#c62828'],
  ['amber-finance',   'Amber Finance',   [300, 15_000],  [6, 120],  [12.9, 32, 2],    [3, 20, 0],     350,   'PRCHEBO', 14,   [4, 25, 600],    '#e65100'],
  ['zibens-nauda',    'Zibens Nauda',    [50, 2000],     [3, 24],   [29.9, 40, 2],    [10, 25, 4],    250,   'PO',      3,    [2, 4, 60],      '#f9a825'],
  ['starkis-kredits', 'Stārķis Kredīts', [200, 10_000],  [6, 84],   [16.5, 35, 2.5],  [2, 15, 2],     300,   'PCHO',    10,   [5, 30, 900],    '#6a1b9a'],
  ['lapsa-finanses',  'Lapsa Finanses',  [100, 5000],    [3, 48],   [21.9, 39, 3],    [5, 20, 2.95],  280,   'PCO',     7,    [3, 15, 600],    '#d84315'],
  ['menesa-kredits',  'Mēness Kredīts',  [500, 15_000],  [12, 120], [11.9, 28, 2],    [2.5, 50, 0],   400,   'PRCHO',   21,   [8, 45, 1200],   '#283593'],
  ['puce-credit',     'Pūce Credit',     [150, 8000],    [6, 72],   [18.9, 36, 2.5],  [0, 0, 4.99],   300,   'PRO',     7,    [4, 20, 600],    '#4e342e'],
  ['skudra-finance',  'Skudra Finance',  [500, 15_000],  [12, 96],  [13.5, 30, 2],    [2, 40, 0],     400,   'BPCHO',   14,   [10, 90, 1800],  '#00695c'],
  ['rasa-kredits',    'Rasa Kredīts',    [1000, 15_000], [12, 120], [10.9, 26, 1.8],  [1.5, 50, 0],   450,   'RP',      21,   [15, 120, 2400], '#0277bd'],
  ['vejs-nauda',      'Vējš Nauda',      [50, 1500],     [3, 18],   [34.9, 40, 1.5],  [6, 30, 3.5],   250,   'PHO',     3,    [2, 6, 120],     '#ad1457'],
];

export const SANDBOX_LENDERS: readonly SandboxLender[] = [
  ...BANKS.map((row) => lender('bank', row)),
  ...NON_BANKS.map((row) => lender('nonBank', row)),
];

const byId = new Map(SANDBOX_LENDERS.map((lender) => [lender.id, lender]));

/** What the lender serves within what the form allows: its configuration's ranges; a wider range is never asked for. */
export function servedRanges(lender: SandboxLender): ServedRanges {
  return {
    amounts: { min: Math.max(lender.minAmount, MIN_AMOUNT), max: Math.min(lender.maxAmount, MAX_AMOUNT) },
    terms: { min: Math.max(lender.minTerm, MIN_TERM_MONTHS), max: Math.min(lender.maxTerm, MAX_TERM_MONTHS) },
  };
}

export function findSandboxLender(id: string): SandboxLender | undefined {
  return byId.get(id);
}

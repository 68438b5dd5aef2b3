import type { LenderKind } from '../../../domain/offer.ts';
import { PARTNER_LOAN_PURPOSES, type PartnerLoanPurpose } from '../../lenders/messages.ts';

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

const ALL_PURPOSES: readonly PartnerLoanPurpose[] = PARTNER_LOAN_PURPOSES;

export const SANDBOX_LENDERS: readonly SandboxLender[] = [
  // ── banks ──
  {
    id: 'ziemelu-banka',
    name: 'Ziemeļu Banka',
    kind: 'bank',
    minAmount: 1000,
    maxAmount: 25_000,
    minTerm: 12,
    maxTerm: 84,
    baseRate: 6.9,
    maxRate: 16,
    riskFactor: 1,
    arrangementFeePercent: 2,
    arrangementFeeMin: 50,
    monthlyFee: 0,
    minMonthlyIncome: 600,
    purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'realEstateLoan', 'other'],
    offerValidityDays: 30,
    delay: { minSeconds: 20, medianSeconds: 90, maxSeconds: 1800 },
    colour: '#1d4e89',
  },
  {
    id: 'gaujas-banka',
    name: 'Gaujas Banka',
    kind: 'bank',
    minAmount: 500,
    maxAmount: 20_000,
    minTerm: 6,
    maxTerm: 84,
    baseRate: 7.5,
    maxRate: 17,
    riskFactor: 1,
    arrangementFeePercent: 1.5,
    arrangementFeeMin: 35,
    monthlyFee: 2.5,
    minMonthlyIncome: 450,
    purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 21,
    delay: { minSeconds: 10, medianSeconds: 60, maxSeconds: 1200 },
    colour: '#2e7d32',
  },
  {
    id: 'rigas-lica-banka',
    name: 'Rīgas Līča Banka',
    kind: 'bank',
    minAmount: 2000,
    maxAmount: 25_000,
    minTerm: 12,
    maxTerm: 84,
    baseRate: 7.2,
    maxRate: 15,
    riskFactor: 1,
    arrangementFeePercent: 1,
    arrangementFeeMin: 75,
    monthlyFee: 0,
    minMonthlyIncome: 800,
    purposes: ['refinancing', 'buyingCar', 'houseRepair', 'realEstateLoan', 'business'],
    offerValidityDays: 30,
    delay: { minSeconds: 30, medianSeconds: 180, maxSeconds: 2700 },
    colour: '#00607a',
  },
  {
    id: 'dzintarkrasta-banka',
    name: 'Dzintarkrasta Banka',
    kind: 'bank',
    minAmount: 500,
    maxAmount: 15_000,
    minTerm: 6,
    maxTerm: 72,
    baseRate: 8.9,
    maxRate: 19.9,
    riskFactor: 1.2,
    arrangementFeePercent: 3,
    arrangementFeeMin: 30,
    monthlyFee: 3,
    minMonthlyIncome: 400,
    purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 14,
    delay: { minSeconds: 5, medianSeconds: 40, maxSeconds: 900 },
    colour: '#b26a00',
  },
  {
    id: 'balta-berza-banka',
    name: 'Baltā Bērza Banka',
    kind: 'bank',
    minAmount: 1000,
    maxAmount: 25_000,
    minTerm: 6,
    maxTerm: 84,
    baseRate: 9.89,
    maxRate: 21,
    riskFactor: 1.2,
    arrangementFeePercent: 4.9,
    arrangementFeeMin: 60,
    monthlyFee: 0,
    minMonthlyIncome: 500,
    purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 30,
    delay: { minSeconds: 15, medianSeconds: 120, maxSeconds: 1800 },
    colour: '#5d4037',
  },
  {
    id: 'ozolu-banka',
    name: 'Ozolu Banka',
    kind: 'bank',
    minAmount: 500,
    maxAmount: 10_000,
    minTerm: 6,
    maxTerm: 60,
    baseRate: 10.9,
    maxRate: 22,
    riskFactor: 1.3,
    arrangementFeePercent: 2.5,
    arrangementFeeMin: 25,
    monthlyFee: 1.5,
    minMonthlyIncome: 450,
    purposes: ['personalNeeds', 'buyingCar', 'houseRepair', 'business', 'other'],
    offerValidityDays: 14,
    delay: { minSeconds: 60, medianSeconds: 600, maxSeconds: 3000 },
    colour: '#33691e',
  },
  // ── non-bank lenders ──
  {
    id: 'baltic-kredits',
    name: 'Baltic Kredīts',
    kind: 'nonBank',
    minAmount: 100,
    maxAmount: 7000,
    minTerm: 3,
    maxTerm: 60,
    baseRate: 14.9,
    maxRate: 36,
    riskFactor: 2.5,
    arrangementFeePercent: 0,
    arrangementFeeMin: 0,
    monthlyFee: 3.5,
    minMonthlyIncome: 300,
    purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 7,
    delay: { minSeconds: 3, medianSeconds: 10, maxSeconds: 300 },
    colour: '#c62828',
  },
  {
    id: 'amber-finance',
    name: 'Amber Finance',
    kind: 'nonBank',
    minAmount: 300,
    maxAmount: 15_000,
    minTerm: 6,
    maxTerm: 120,
    baseRate: 12.9,
    maxRate: 32,
    riskFactor: 2,
    arrangementFeePercent: 3,
    arrangementFeeMin: 20,
    monthlyFee: 0,
    minMonthlyIncome: 350,
    purposes: ALL_PURPOSES,
    offerValidityDays: 14,
    delay: { minSeconds: 4, medianSeconds: 25, maxSeconds: 600 },
    colour: '#e65100',
  },
  {
    id: 'zibens-nauda',
    name: 'Zibens Nauda',
    kind: 'nonBank',
    minAmount: 50,
    maxAmount: 2000,
    minTerm: 3,
    maxTerm: 24,
    baseRate: 29.9,
    maxRate: 40,
    riskFactor: 2,
    arrangementFeePercent: 10,
    arrangementFeeMin: 25,
    monthlyFee: 4,
    minMonthlyIncome: 250,
    purposes: ['personalNeeds', 'other'],
    offerValidityDays: 3,
    delay: { minSeconds: 2, medianSeconds: 4, maxSeconds: 60 },
    colour: '#f9a825',
  },
  {
    id: 'starkis-kredits',
    name: 'Stārķis Kredīts',
    kind: 'nonBank',
    minAmount: 200,
    maxAmount: 10_000,
    minTerm: 6,
    maxTerm: 84,
    baseRate: 16.5,
    maxRate: 35,
    riskFactor: 2.5,
    arrangementFeePercent: 2,
    arrangementFeeMin: 15,
    monthlyFee: 2,
    minMonthlyIncome: 300,
    purposes: ['personalNeeds', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 10,
    delay: { minSeconds: 5, medianSeconds: 30, maxSeconds: 900 },
    colour: '#6a1b9a',
  },
  {
    id: 'lapsa-finanses',
    name: 'Lapsa Finanses',
    kind: 'nonBank',
    minAmount: 100,
    maxAmount: 5000,
    minTerm: 3,
    maxTerm: 48,
    baseRate: 21.9,
    maxRate: 39,
    riskFactor: 3,
    arrangementFeePercent: 5,
    arrangementFeeMin: 20,
    monthlyFee: 2.95,
    minMonthlyIncome: 280,
    purposes: ['personalNeeds', 'buyingCar', 'other'],
    offerValidityDays: 7,
    delay: { minSeconds: 3, medianSeconds: 15, maxSeconds: 600 },
    colour: '#d84315',
  },
  {
    id: 'menesa-kredits',
    name: 'Mēness Kredīts',
    kind: 'nonBank',
    minAmount: 500,
    maxAmount: 15_000,
    minTerm: 12,
    maxTerm: 120,
    baseRate: 11.9,
    maxRate: 28,
    riskFactor: 2,
    arrangementFeePercent: 2.5,
    arrangementFeeMin: 50,
    monthlyFee: 0,
    minMonthlyIncome: 400,
    purposes: ['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 21,
    delay: { minSeconds: 8, medianSeconds: 45, maxSeconds: 1200 },
    colour: '#283593',
  },
  {
    id: 'puce-credit',
    name: 'Pūce Credit',
    kind: 'nonBank',
    minAmount: 150,
    maxAmount: 8000,
    minTerm: 6,
    maxTerm: 72,
    baseRate: 18.9,
    maxRate: 36,
    riskFactor: 2.5,
    arrangementFeePercent: 0,
    arrangementFeeMin: 0,
    monthlyFee: 4.99,
    minMonthlyIncome: 300,
    purposes: ['personalNeeds', 'refinancing', 'other'],
    offerValidityDays: 7,
    delay: { minSeconds: 4, medianSeconds: 20, maxSeconds: 600 },
    colour: '#4e342e',
  },
  {
    id: 'skudra-finance',
    name: 'Skudra Finance',
    kind: 'nonBank',
    minAmount: 500,
    maxAmount: 15_000,
    minTerm: 12,
    maxTerm: 96,
    baseRate: 13.5,
    maxRate: 30,
    riskFactor: 2,
    arrangementFeePercent: 2,
    arrangementFeeMin: 40,
    monthlyFee: 0,
    minMonthlyIncome: 400,
    purposes: ['business', 'personalNeeds', 'buyingCar', 'houseRepair', 'other'],
    offerValidityDays: 14,
    delay: { minSeconds: 10, medianSeconds: 90, maxSeconds: 1800 },
    colour: '#00695c',
  },
  {
    id: 'rasa-kredits',
    name: 'Rasa Kredīts',
    kind: 'nonBank',
    minAmount: 1000,
    maxAmount: 15_000,
    minTerm: 12,
    maxTerm: 120,
    baseRate: 10.9,
    maxRate: 26,
    riskFactor: 1.8,
    arrangementFeePercent: 1.5,
    arrangementFeeMin: 50,
    monthlyFee: 0,
    minMonthlyIncome: 450,
    purposes: ['refinancing', 'personalNeeds'],
    offerValidityDays: 21,
    delay: { minSeconds: 15, medianSeconds: 120, maxSeconds: 2400 },
    colour: '#0277bd',
  },
  {
    id: 'vejs-nauda',
    name: 'Vējš Nauda',
    kind: 'nonBank',
    minAmount: 50,
    maxAmount: 1500,
    minTerm: 3,
    maxTerm: 18,
    baseRate: 34.9,
    maxRate: 40,
    riskFactor: 1.5,
    arrangementFeePercent: 6,
    arrangementFeeMin: 30,
    monthlyFee: 3.5,
    minMonthlyIncome: 250,
    purposes: ['personalNeeds', 'houseRepair', 'other'],
    offerValidityDays: 3,
    delay: { minSeconds: 2, medianSeconds: 6, maxSeconds: 120 },
    colour: '#ad1457',
  },
];

const byId = new Map(SANDBOX_LENDERS.map((lender) => [lender.id, lender]));

export function findSandboxLender(id: string): SandboxLender | undefined {
  return byId.get(id);
}

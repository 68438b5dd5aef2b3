import { deriveSandboxSecret } from '../../config/sandbox-secret.ts';
import type { LenderConfig } from '../../lenders/lender-config.ts';
import type { CommissionTerms } from '../../lenders/registry.ts';
import { BROKER_PARTNER_ID } from '../../lenders/partner-protocol.ts';
import { SANDBOX_LENDERS, servedRanges } from './catalogue.ts';

/**
 * What each sandbox lender pays the broker a paid loan, as Latvian brokers' agreements put it: banks a smaller
 * share of the principal, non-bank lenders a larger one, some with a fixed fee on top (EUR).
 */
// prettier-ignore
const SANDBOX_COMMISSIONS: Readonly<Record<string, CommissionTerms>> = {
  'ziemelu-banka':       { percentOfPrincipal: 1.5, fixedPerLoan: 0 },
  'gaujas-banka':        { percentOfPrincipal: 1.75, fixedPerLoan: 0 },
  'rigas-lica-banka':    { percentOfPrincipal: 1.25, fixedPerLoan: 25 },
  'dzintarkrasta-banka': { percentOfPrincipal: 2, fixedPerLoan: 0 },
  'balta-berza-banka':   { percentOfPrincipal: 2, fixedPerLoan: 10 },
  'ozolu-banka':         { percentOfPrincipal: 2.25, fixedPerLoan: 0 },
  'baltic-kredits':      { percentOfPrincipal: 4, fixedPerLoan: 15 },
  'amber-finance':       { percentOfPrincipal: 3.5, fixedPerLoan: 0 },
  'zibens-nauda':        { percentOfPrincipal: 0, fixedPerLoan: 35 },
  'starkis-kredits':     { percentOfPrincipal: 3, fixedPerLoan: 20 },
  'lapsa-finanses':      { percentOfPrincipal: 4.5, fixedPerLoan: 0 },
  'menesa-kredits':      { percentOfPrincipal: 2.75, fixedPerLoan: 0 },
  'puce-credit':         { percentOfPrincipal: 4, fixedPerLoan: 10 },
  'skudra-finance':      { percentOfPrincipal: 3, fixedPerLoan: 0 },
  'rasa-kredits':        { percentOfPrincipal: 2.5, fixedPerLoan: 0 },
  'vejs-nauda':          { percentOfPrincipal: 0, fixedPerLoan: 30 },
};

/** The secret the broker and a sandbox lender share. */
export function sandboxLenderSecret(lenderId: string): Buffer {
  return deriveSandboxSecret('lender:' + lenderId);
}

/**
 * The sandbox's own lenders configuration, in the shape a real deployment writes into LENDERS_CONFIG:
 * the sixteen sandbox lenders served under `lendersBaseUrl` (e.g. 'http://127.0.0.1:3000/sandbox/lenders').
 */
export function sandboxLendersConfig(lendersBaseUrl: string): LenderConfig[] {
  const base = lendersBaseUrl.replace(/\/+$/, '');
  return SANDBOX_LENDERS.map((lender) => ({
    id: lender.id,
    name: lender.name,
    kind: lender.kind,
    registrationNumber: lender.registrationNumber,
    address: lender.address,
    logo: null,
    endpoint: `${base}/${lender.id}`,
    keyId: BROKER_PARTNER_ID,
    secret: sandboxLenderSecret(lender.id).toString('base64'),
    ...servedRanges(lender),
    // the purposes it lends for: an application for another is not sent to it (it would decline it)
    purposes: [...lender.purposes],
    // simulators: a widget's test applications may go to them
    test: true,
    // as the market's lenders state it: a non-bank lender pays out within a working hour of the signature, a
    // bank within a working day
    payoutTime: lender.kind === 'bank' ? { within: 1, unit: 'workingDays' } : { within: 1, unit: 'workingHours' },
    ...(SANDBOX_COMMISSIONS[lender.id] ? { commission: SANDBOX_COMMISSIONS[lender.id] } : {}),
  }));
}

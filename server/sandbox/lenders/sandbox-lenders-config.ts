import { deriveSandboxSecret } from '../../config/sandbox-secret.ts';
import type { LenderConfig } from '../../lenders/lender-config.ts';
import { BROKER_PARTNER_ID } from '../../lenders/partner-protocol.ts';
import { SANDBOX_LENDERS, servedRanges } from './catalogue.ts';

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
  }));
}

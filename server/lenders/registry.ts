import type { LenderKind } from '../../domain/offer.ts';
import { deriveSandboxSecret } from '../config/sandbox-secret.ts';
import { SANDBOX_LENDERS } from '../sandbox/lenders/catalogue.ts';

/** A partner lender as the broker reaches it: where to post applications, and the secret both sides sign with. */
export interface LenderEndpoint {
  readonly id: string;
  readonly name: string;
  readonly kind: LenderKind;
  /** applications go to `${baseUrl}/applications` */
  readonly baseUrl: string;
  readonly secret: Buffer;
}

/** The secret the broker and a sandbox lender share. */
export function sandboxLenderSecret(lenderId: string): Buffer {
  return deriveSandboxSecret('lender:' + lenderId);
}

/** The sixteen sandbox lenders, served under `sandboxBaseUrl` (e.g. 'http://127.0.0.1:3000/sandbox/lenders'). */
export function sandboxLenderRegistry(sandboxBaseUrl: string): LenderEndpoint[] {
  const base = sandboxBaseUrl.replace(/\/+$/, '');
  return SANDBOX_LENDERS.map((lender) => ({
    id: lender.id,
    name: lender.name,
    kind: lender.kind,
    baseUrl: `${base}/${lender.id}`,
    secret: sandboxLenderSecret(lender.id),
  }));
}

export function findLender(registry: readonly LenderEndpoint[], id: string): LenderEndpoint | undefined {
  return registry.find((lender) => lender.id === id);
}

import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { deriveSandboxSecret } from '../config/sandbox-secret.ts';

/**
 * The sandbox Smart-ID "certificate". Real Smart-ID returns an X.509 certificate (DER, base64) whose
 * chain the relying party validates; Node has no X.509 builder, so the simulator issues this JSON
 * stand-in instead:
 *
 *   cert.value = base64(JSON { tbs: base64url(JSON SandboxCertificate), algorithm: 'Ed25519', signature })
 *
 * where the issuer's signature covers the exact tbs bytes. The issuer key ("Sandbox Smart-ID CA") is
 * an Ed25519 key derived from the sandbox master secret, so the broker trusts it without fetching it
 * from the simulator. A live integration replaces this module with X.509 chain validation.
 */

export const SANDBOX_SMART_ID_ISSUER = 'Sandbox Smart-ID CA';

export interface SandboxCertificate {
  readonly version: 1;
  readonly serial: string;
  readonly issuer: string;
  readonly subject: {
    /** ETSI semantics identifier, e.g. PNOLV-010180-15097 */
    readonly serialNumber: string;
    readonly givenName: string;
    readonly surname: string;
    readonly country: 'LV';
  };
  /** the person's signing key: base64 of SPKI DER (Ed25519) */
  readonly publicKey: string;
  readonly certificateLevel: 'QUALIFIED' | 'ADVANCED';
  readonly notBefore: string;
  readonly notAfter: string;
}

const certificateSchema = z.object({
  version: z.literal(1),
  serial: z.string().max(64),
  issuer: z.string().max(200),
  subject: z.object({
    serialNumber: z.string().max(64),
    givenName: z.string().min(1).max(200),
    surname: z.string().min(1).max(200),
    country: z.literal('LV'),
  }),
  publicKey: z.string().max(1000),
  certificateLevel: z.enum(['QUALIFIED', 'ADVANCED']),
  notBefore: z.iso.datetime(),
  notAfter: z.iso.datetime(),
});

const envelopeSchema = z.object({
  tbs: z.string().max(8000),
  algorithm: z.literal('Ed25519'),
  signature: z.string().max(200),
});

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function sandboxCaPrivateKey(): KeyObject {
  const seed = deriveSandboxSecret('smart-id:ca');
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The sandbox CA's key pair (the simulator signs with it; the broker only needs the public key). */
export function sandboxSmartIdCaKeys(): { readonly privateKey: KeyObject; readonly publicKey: KeyObject } {
  const privateKey = sandboxCaPrivateKey();
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export function sandboxSmartIdCaPublicKey(): KeyObject {
  return createPublicKey(sandboxCaPrivateKey());
}

export interface IssueCertificateInput {
  readonly serialNumber: string;
  readonly givenName: string;
  readonly surname: string;
  readonly publicKey: KeyObject;
  readonly now: Date;
  readonly caPrivateKey: KeyObject;
}

export function issueSandboxCertificate({
  serialNumber,
  givenName,
  surname,
  publicKey,
  now,
  caPrivateKey,
}: IssueCertificateInput): string {
  const certificate: SandboxCertificate = {
    version: 1,
    serial: randomBytes(8).toString('hex'),
    issuer: SANDBOX_SMART_ID_ISSUER,
    subject: { serialNumber, givenName, surname, country: 'LV' },
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    certificateLevel: 'QUALIFIED',
    notBefore: new Date(now.getTime() - 24 * 3600_000).toISOString(),
    notAfter: new Date(now.getTime() + 3 * 365 * 24 * 3600_000).toISOString(),
  };
  const tbs = Buffer.from(JSON.stringify(certificate));
  const envelope = {
    tbs: tbs.toString('base64url'),
    algorithm: 'Ed25519',
    signature: sign(null, tbs, caPrivateKey).toString('base64'),
  };
  return Buffer.from(JSON.stringify(envelope)).toString('base64');
}

export interface ReadCertificate {
  readonly certificate: SandboxCertificate;
  readonly publicKey: KeyObject;
}

/**
 * Decodes a certificate and checks the issuer's signature and the validity period.
 * Null when it is malformed, not issued by the trusted CA, or not valid at `now`.
 */
export function readSandboxCertificate(value: string, caPublicKey: KeyObject, now: Date): ReadCertificate | null {
  try {
    const envelope = envelopeSchema.parse(JSON.parse(Buffer.from(value, 'base64').toString('utf8')));
    const tbs = Buffer.from(envelope.tbs, 'base64url');
    if (!verify(null, tbs, caPublicKey, Buffer.from(envelope.signature, 'base64'))) return null;
    const certificate = certificateSchema.parse(JSON.parse(tbs.toString('utf8'))) as SandboxCertificate;
    if (certificate.issuer !== SANDBOX_SMART_ID_ISSUER) return null;
    if (now < new Date(certificate.notBefore) || now > new Date(certificate.notAfter)) return null;
    const publicKey = createPublicKey({
      key: Buffer.from(certificate.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    if (publicKey.asymmetricKeyType !== 'ed25519') return null;
    return { certificate, publicKey };
  } catch {
    return null;
  }
}

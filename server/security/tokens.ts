import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: the applicant's only handle on an application. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak yields no usable tokens. */
export function tokenHash(token: string): string {
  return hash('sha256', token, 'base64url');
}

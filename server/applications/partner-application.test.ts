import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applicationSchema } from '../../domain/application.ts';
import { validApplication } from '../../tests/fixtures/application.ts';
import type { Broker } from '../broker.ts';
import { createFieldCipher } from '../security/field-cipher.ts';
import { sealApplicant } from './applicant-record.ts';
import { partnerApplicationOf } from './partner-application.ts';
import type { ApplicationRow } from './status.ts';

const cipher = createFieldCipher(new Map([['k1', randomBytes(32)]]), 'k1');
const broker = { cipher, config: { publicBaseUrl: 'https://broker.example' } } as unknown as Broker;

function storedApplication(): ApplicationRow {
  const id = randomUUID();
  // as the submission stores it: parsed, defaults filled in
  const sealed = sealApplicant(cipher, id, applicationSchema.parse(validApplication));
  return {
    id,
    state: 'identifying',
    language: 'lv',
    amount: validApplication.amount,
    term: validApplication.term,
    purpose: validApplication.loanPurpose,
    key_id: sealed.keyId,
    applicant_ciphertext: sealed.ciphertext,
    chosen_offer_id: null,
    sign_url: null,
    token_expires_at: new Date(),
    updated_at: new Date(),
    identified_at: null,
    excluded_lenders: [],
    test: false,
  };
}

describe('the application a lender receives', () => {
  it('carries the identification as the identifying process saw it, without reading the application again', () => {
    const identifiedAt = new Date('2026-11-26T08:00:00.000Z');
    const payload = partnerApplicationOf(broker, { application: storedApplication(), method: 'smartId', identifiedAt });
    expect(payload).toMatchObject({
      callbackUrl: 'https://broker.example/api/partner/v1/decisions',
      loan: { amount: validApplication.amount, term: validApplication.term, purpose: validApplication.loanPurpose },
      applicant: { firstName: validApplication.firstname, email: validApplication.email },
      identification: { method: 'smartId', verifiedAt: '2026-11-26T08:00:00.000Z' },
    });
  });

  it('is null for an application whose applicant was erased', () => {
    const erased = { ...storedApplication(), applicant_ciphertext: null };
    expect(partnerApplicationOf(broker, { application: erased, method: 'bank', identifiedAt: new Date() })).toBeNull();
  });
});

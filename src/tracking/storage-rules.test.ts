import { describe, expect, it } from 'vitest';
import { applyStorageRules, isApplicantWorkflowPath, variantOfPath } from './storage-rules.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const load = (url: string, referrer = '', local = new MemoryStorage(), session = new MemoryStorage()) => {
  applyStorageRules({ url: new URL(url, 'https://www.kreditkompass.lv'), referrer, local, session });
  return { local, session };
};

describe('storage rules', () => {
  it('keeps the saved token and ssn only inside the workflow, but not on the entering-essence step', () => {
    expect(isApplicantWorkflowPath('/applicantWorkflow/confirmingIdentity')).toBe(true);
    expect(isApplicantWorkflowPath('/ru/applicantWorkflow/choosingIdConfirmationMethodNoError')).toBe(true);
    expect(isApplicantWorkflowPath('/multistep')).toBe(true);
    expect(isApplicantWorkflowPath('/applicantWorkflow/enteringEssence')).toBe(false);
    expect(isApplicantWorkflowPath('/paterina-kredits')).toBe(false);

    const local = new MemoryStorage();
    local.setItem('token', 't');
    local.setItem('ssn', 's');
    load('/applicantWorkflow/confirmingIdentity', '', local);
    expect(local.getItem('token')).toBe('t');
    load('/buj', '', local);
    expect(local.getItem('token')).toBeNull();
    expect(local.getItem('ssn')).toBeNull();
  });

  it('stores only the referrer of another site, without query', () => {
    expect(load('/', 'https://www.kreditkompass.lv/buj').session.getItem('referrer')).toBe('');
    expect(load('/', 'https://x.example/a?b=c').session.getItem('referrer')).toBe('https://x.example/a');
    expect(load('/', 'not a url').session.getItem('referrer')).toBe('');
  });

  it('knows the home variants', () => {
    expect(variantOfPath('/v1')).toBe('1');
    expect(variantOfPath('/ru/v2')).toBe('2');
    expect(variantOfPath('/v3')).toBeUndefined();
    expect(variantOfPath('/v1/other')).toBeUndefined();
  });

  it('cuts overlong tracking values', () => {
    expect(load(`/?utm_source=${'a'.repeat(500)}`).session.getItem('utm_source')).toHaveLength(200);
  });
});

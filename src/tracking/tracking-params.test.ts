import { describe, expect, it } from 'vitest';
import { trackingSchema } from '../../domain/api.ts';
import { applyStorageRules } from './storage-rules.ts';
import { readTracking, TRACKING_KEYS } from './tracking-params.ts';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
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
    this.items.set(key, String(value));
  }
}

const sessionWith = (entries: Record<string, string>) => {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  return storage;
};

describe('readTracking', () => {
  it('reads every key of the spec from session storage', () => {
    const entries = Object.fromEntries(TRACKING_KEYS.map((key) => [key, `${key}-value`]));
    entries.referrer = 'https://news.example/article';
    entries.publisherId = 'partner_1.lv-x';
    entries.v = '2';
    const tracking = readTracking(sessionWith(entries));
    expect(tracking).toEqual(entries);
    expect(trackingSchema.safeParse(tracking).success).toBe(true);
  });

  it('is empty when nothing was stored, and leaves out empty values', () => {
    expect(readTracking(new MemoryStorage())).toEqual({});
    expect(readTracking(sessionWith({ referrer: '', utm_source: 'google' }))).toEqual({ utm_source: 'google' });
  });

  it('drops what the schema refuses and keeps the rest', () => {
    const tracking = readTracking(
      sessionWith({
        publisherId: 'has spaces/and slashes',
        utm_source: 'x'.repeat(201),
        utm_medium: 'cpc\u0000',
        v: 'x'.repeat(17),
        utm_campaign: 'pavasaris',
        click_ID: 'abc-123',
      }),
    );
    expect(tracking).toEqual({ utm_campaign: 'pavasaris', click_ID: 'abc-123' });
  });

  it('ignores keys that are not tracking parameters', () => {
    expect(readTracking(sessionWith({ token: 't', applicationDraft: '{}', utm_term: 'kredīts' }))).toEqual({
      utm_term: 'kredīts',
    });
  });

  it('reads what the storage rules stored on the first page of the visit', () => {
    const session = new MemoryStorage();
    applyStorageRules({
      url: new URL('https://kreditkompass.lv/v2?utm_source=fb&publisherId=pub7&click_ID=c1'),
      referrer: 'https://facebook.com/some/path?fbclid=secret',
      local: new MemoryStorage(),
      session,
    });
    expect(readTracking(session)).toEqual({
      utm_source: 'fb',
      publisherId: 'pub7',
      click_ID: 'c1',
      v: '2',
      referrer: 'https://facebook.com/some/path',
    });
  });

  it('returns what it has when the storage refuses to be read', () => {
    const refusing = new MemoryStorage();
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(readTracking(refusing)).toEqual({});
  });
});

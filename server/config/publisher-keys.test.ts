import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { bearerKey, parsePublisherKeys, publisherForKey } from './publisher-keys.ts';

const KEY_A = 'a'.repeat(24);
const KEY_B = 'Bb0_-+/=~'.repeat(4);
const KEY_A2 = 'rotated-key-for-publisher-a';

describe('PUBLISHER_KEYS', () => {
  it('is empty when unset or blank', () => {
    expect(parsePublisherKeys(undefined)).toEqual([]);
    expect(parsePublisherKeys('')).toEqual([]);
    expect(parsePublisherKeys(' , ,')).toEqual([]);
    expect(loadConfig({ DATA_DIR: 'memory' }).publisherKeys).toEqual([]);
  });

  it('reads publisherId:key pairs and keeps only digests of the keys', () => {
    const keys = parsePublisherKeys(` pub-a:${KEY_A} , news.lv:${KEY_B},pub-a:${KEY_A2}`);
    expect(keys.map((key) => key.publisherId)).toEqual(['pub-a', 'news.lv', 'pub-a']);
    for (const key of keys) expect(key.keyDigest).toHaveLength(32);
    expect(JSON.stringify(keys)).not.toContain(KEY_A);
    expect(JSON.stringify(keys)).not.toContain(KEY_B);
    expect(loadConfig({ DATA_DIR: 'memory', PUBLISHER_KEYS: `pub-a:${KEY_A}` }).publisherKeys).toHaveLength(1);
  });

  it('lets a key hold a colon', () => {
    const key = `${KEY_A}:more`;
    expect(publisherForKey(parsePublisherKeys(`pub-a:${key}`), key)).toBe('pub-a');
  });

  it('refuses what it cannot read, naming the variable and never echoing a key', () => {
    for (const bad of [
      KEY_A,
      `:${KEY_A}`,
      `pub a:${KEY_A}`,
      `${'p'.repeat(65)}:${KEY_A}`,
      'pub-a:short',
      `pub-a:${'x'.repeat(23)}`,
      `pub-a:${KEY_A} ${KEY_A}`,
    ]) {
      expect(() => parsePublisherKeys(bad), bad).toThrow(/PUBLISHER_KEYS/);
      try {
        parsePublisherKeys(bad);
      } catch (error) {
        expect((error as Error).message).not.toContain(KEY_A);
      }
    }
    expect(() => loadConfig({ DATA_DIR: 'memory', PUBLISHER_KEYS: 'pub-a:short' })).toThrow(/PUBLISHER_KEYS/);
  });

  it('refuses one key for two publishers, but not one listed twice for the same', () => {
    expect(() => parsePublisherKeys(`pub-a:${KEY_A},pub-b:${KEY_A}`)).toThrow(/pub-a and pub-b share a key/);
    expect(parsePublisherKeys(`pub-a:${KEY_A},pub-a:${KEY_A}`)).toHaveLength(1);
  });
});

describe('finding the publisher of a key', () => {
  const keys = parsePublisherKeys(`pub-a:${KEY_A},news.lv:${KEY_B},pub-a:${KEY_A2}`);

  it('answers the publisher of each configured key, old and new', () => {
    expect(publisherForKey(keys, KEY_A)).toBe('pub-a');
    expect(publisherForKey(keys, KEY_A2)).toBe('pub-a');
    expect(publisherForKey(keys, KEY_B)).toBe('news.lv');
  });

  it('answers null for a missing, unknown or nearly right key', () => {
    expect(publisherForKey(keys, null)).toBeNull();
    expect(publisherForKey(keys, undefined)).toBeNull();
    expect(publisherForKey(keys, '')).toBeNull();
    expect(publisherForKey(keys, `${KEY_A}a`)).toBeNull();
    expect(publisherForKey(keys, KEY_A.slice(1))).toBeNull();
    expect(publisherForKey(keys, KEY_A.toUpperCase())).toBeNull();
    expect(publisherForKey([], KEY_A)).toBeNull();
  });
});

describe('the Authorization header', () => {
  it('gives the key of a Bearer header, whatever the scheme case', () => {
    expect(bearerKey(`Bearer ${KEY_A}`)).toBe(KEY_A);
    expect(bearerKey(`bearer  ${KEY_B}`)).toBe(KEY_B);
  });

  it('gives null for none, another scheme or a malformed value', () => {
    expect(bearerKey(undefined)).toBeNull();
    expect(bearerKey('')).toBeNull();
    expect(bearerKey('Bearer')).toBeNull();
    expect(bearerKey('Bearer ')).toBeNull();
    expect(bearerKey(`Basic ${KEY_A}`)).toBeNull();
    expect(bearerKey(`Bearer ${KEY_A} extra`)).toBeNull();
    expect(bearerKey(KEY_A)).toBeNull();
  });
});

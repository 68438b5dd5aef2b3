import { describe, expect, it } from 'vitest';
import { savedToken, saveToken } from '../../src/api/token-storage.ts';
import { memoryStorage, prefixedStorage } from './safe-storage.ts';

describe('prefixedStorage', () => {
  it("keeps a test-mode widget's application apart from a live widget's in the same browser storage", () => {
    const browser = memoryStorage();
    const testMode = prefixedStorage(browser, 'testMode.');
    const token = 'A'.repeat(43);
    saveToken(testMode, token);
    expect(savedToken(testMode)).toBe(token);
    // the live widget, in the same storage, finds no application to resume
    expect(savedToken(browser)).toBeNull();
    testMode.removeItem('token');
    expect(browser.length).toBe(0);
  });
});

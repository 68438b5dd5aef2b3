import { describe, expect, it } from 'vitest';
import { isPlainText } from './plain-text.ts';

describe('plain text', () => {
  it('takes letters of any script, punctuation, markup as text and emoji with their joiners', () => {
    for (const text of ['', 'Laivas iegāde', 'Ремонт кухни', '<script>alert(1)</script>', "' OR 1=1 --", '👨‍👩‍👧 🙂']) {
      expect(isPlainText(text), text).toBe(true);
    }
  });

  it('refuses C0 and C1 controls, DEL, format characters that hide or turn text, and lone surrogates', () => {
    for (const text of ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u202e', '\u2066', '\u200b', '\ufeff']) {
      expect(isPlainText(`a${text}b`), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['\ud800', '\udfff', 'a\ud83d', '\ude00b'])
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('lets line breaks and tabs through only in text of several lines', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
      expect(isPlainText(text, true), JSON.stringify(text)).toBe(true);
    }
    expect(isPlainText('a\u0000\nb', true)).toBe(false);
  });
});

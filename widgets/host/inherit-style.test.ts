import { describe, expect, it } from 'vitest';
import { fontStackOf, hexOf } from './inherit-style.ts';

describe('hexOf', () => {
  it('turns an opaque computed colour into hex', () => {
    expect(hexOf('rgb(20, 33, 43)')).toBe('#14212b');
    expect(hexOf('rgba(255, 0, 10, 1)')).toBe('#ff000a');
  });

  it('takes no colour with transparency or in another notation', () => {
    expect(hexOf('rgba(0, 0, 0, 0)')).toBeUndefined();
    expect(hexOf('rgba(20, 33, 43, 0.5)')).toBeUndefined();
    expect(hexOf('color(display-p3 1 0 0)')).toBeUndefined();
    expect(hexOf('auto')).toBeUndefined();
  });
});

describe('fontStackOf', () => {
  it('keeps the names the font option takes, in order, at most ten', () => {
    expect(fontStackOf('"Segoe UI", -apple-system, Roboto, sans-serif')).toBe(
      '"Segoe UI", -apple-system, Roboto, sans-serif',
    );
    expect(fontStackOf('Arial, "Fancy\\"Font", serif')).toBe('Arial, serif');
    const twelve = Array.from({ length: 12 }, (_, index) => `Font${index}`).join(', ');
    expect(fontStackOf(twelve)?.split(', ')).toHaveLength(10);
  });

  it('is nothing when no name is acceptable', () => {
    expect(fontStackOf('"Fancy\\"Font"')).toBeUndefined();
  });
});

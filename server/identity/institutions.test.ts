import { describe, expect, it } from 'vitest';
import { findInstitution, institutionLogoSvg, INSTITUTIONS } from './institutions.ts';

describe('institutions', () => {
  it('lists at least six sandbox banks in order, the first four featured', () => {
    expect(INSTITUTIONS.length).toBeGreaterThanOrEqual(6);
    INSTITUTIONS.forEach((institution, index) => {
      expect(institution.order).toBe(index + 1);
      expect(institution.featured).toBe(index < 4);
      expect(institution.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    });
    expect(new Set(INSTITUTIONS.map((institution) => institution.id)).size).toBe(INSTITUTIONS.length);
    expect(findInstitution('vidzemes-banka')?.name).toBe('Vidzemes Banka');
    expect(findInstitution('nope')).toBeUndefined();
  });

  it('draws an accessible logo with the initials', () => {
    const svg = institutionLogoSvg('kurzemes-komercbanka');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title id="logo-kurzemes-komercbanka">Kurzemes Komercbanka</title>');
    expect(svg).toContain('>KK</text>');
    expect(institutionLogoSvg('rigas-krajbanka')).toContain('>RK</text>');
    expect(() => institutionLogoSvg('nope')).toThrow(RangeError);
  });
});

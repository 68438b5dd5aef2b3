import { monogramSvg } from '../logos/monogram-svg.ts';

/**
 * The internet banks a person can identify with. All are sandbox banks with invented names (never a
 * real bank's name); each is served by the bank simulator under the same id.
 */
export interface Institution {
  /** kebab-case slug, also the path segment of the bank simulator */
  readonly id: string;
  readonly name: string;
  /** display order, 1..n */
  readonly order: number;
  /** shown at once; the others are behind "more banks" */
  readonly featured: boolean;
}

interface InstitutionEntry extends Institution {
  /** logo background; white initials on it have a contrast of at least 4.5:1 */
  readonly colour: string;
}

const ENTRIES: readonly InstitutionEntry[] = [
  { id: 'daugavas-banka', name: 'Daugavas Banka', order: 1, featured: true, colour: '#0b3d91' },
  { id: 'rigas-krajbanka', name: 'Rīgas Krājbanka', order: 2, featured: true, colour: '#7a1f3d' },
  { id: 'vidzemes-banka', name: 'Vidzemes Banka', order: 3, featured: true, colour: '#1d5e3a' },
  { id: 'kurzemes-komercbanka', name: 'Kurzemes Komercbanka', order: 4, featured: true, colour: '#5b2a86' },
  { id: 'latgales-banka', name: 'Latgales Banka', order: 5, featured: false, colour: '#8a3b00' },
  { id: 'zemgales-banka', name: 'Zemgales Banka', order: 6, featured: false, colour: '#1f4f5c' },
];

export const INSTITUTIONS: readonly Institution[] = ENTRIES.map(({ id, name, order, featured }) =>
  Object.freeze({ id, name, order, featured }),
);

export function findInstitution(id: string): Institution | undefined {
  return INSTITUTIONS.find((institution) => institution.id === id);
}

/**
 * A small logo: the bank's initials on its colour, with the bank's name as the accessible name.
 * Throws a RangeError for an unknown id (look the bank up with `findInstitution` first).
 */
export function institutionLogoSvg(id: string): string {
  const entry = ENTRIES.find((institution) => institution.id === id);
  if (!entry) throw new RangeError('unknown institution');
  return monogramSvg(entry);
}

import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Blob as HbBlob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import manifest from './fonts/open-sans-subsets.json' with { type: 'json' };

type SubsetFont = (
  font: Uint8Array,
  text: undefined,
  options: { targetFormat: 'sfnt'; keepAllGlyphs: true },
) => Promise<Uint8Array>;
// CommonJS without type declarations; it unpacks WOFF2, which harfbuzz does not read
const subsetFont = createRequire(import.meta.url)('subset-font') as SubsetFont;

const root = new URL('../../', import.meta.url);
const fonts = new URL('fonts/', import.meta.url);
const RERUN = 'run `node scripts/subset-frame-fonts.ts` and commit widgets/frames/fonts/';
const LANGUAGES = ['lv', 'ru'] as const;

async function faceOf(woff2: Uint8Array): Promise<Face> {
  return new Face(new HbBlob(await subsetFont(woff2, undefined, { targetFormat: 'sfnt', keepAllGlyphs: true })));
}

const cutFiles = await Promise.all(
  Object.entries(manifest.files).map(async ([file, entry]) => {
    const bytes = await readFile(new URL(file, fonts));
    const face = await faceOf(bytes);
    return { file, entry, bytes: bytes.byteLength, face, codePoints: new Set(face.collectUnicodes()) };
  }),
);
/** What Open Sans has at all in the subsets the frames draw from: a character beyond it falls to the reader's fonts. */
const openSans = new Set<number>();
for (const subset of ['latin', 'latin-ext', 'cyrillic']) {
  const path = `node_modules/@fontsource-variable/open-sans/files/open-sans-${subset}-wght-normal.woff2`;
  (await faceOf(await readFile(new URL(path, root)))).collectUnicodes().forEach((point) => openSans.add(point));
}

/** Every character of a locale's words, as the script takes them: the JSON files, not articles/ and files/. */
async function localeCharacters(language: string): Promise<Map<number, string>> {
  const directory = new URL(`locales/${language}/`, root);
  const characters = new Map<number, string>();
  const collect = (value: unknown, where: string): void => {
    if (typeof value === 'string') {
      for (const character of value) {
        const point = character.codePointAt(0) ?? 0;
        if (point >= 0x20 && !characters.has(point)) characters.set(point, where);
      }
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) collect(inner, `${where}.${key}`);
    }
  };
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) {
      collect(JSON.parse(await readFile(new URL(entry.name, directory), 'utf8')), `${language}/${entry.name}`);
    }
  }
  return characters;
}

const hex = (point: number) => `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;

/** A unicode-range's code points, one by one. */
function codePointsOfRange(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/, '').split('-');
    const start = parseInt(from, 16);
    return Array.from({ length: parseInt(to, 16) - start + 1 }, (_, index) => start + index);
  });
}

describe('the frames’ cut Open Sans files (scripts/subset-frame-fonts.ts)', () => {
  it.each(LANGUAGES)('hold every character of the %s locale that Open Sans has', async (language) => {
    const missing = [...(await localeCharacters(language))]
      .filter(([point]) => openSans.has(point) && !cutFiles.some(({ codePoints }) => codePoints.has(point)))
      .map(([point, where]) => `${hex(point)} ${String.fromCodePoint(point)} (${where})`);
    expect(missing, `characters the cut fonts lack: ${RERUN}`).toEqual([]);
  });

  it.each(LANGUAGES)('weigh at most 40 KiB together for a %s frame', async (language) => {
    const files = manifest.languages[language].files;
    expect(files.length).toBeGreaterThan(0);
    const sizes = await Promise.all(files.map(async (file) => (await stat(new URL(file, fonts))).size));
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(40 * 1024);
  });

  it('declare in the style sheet exactly the characters each file holds, apart from the whole files’ ranges', async () => {
    const partial = await readFile(new URL('open-sans-subsets.scss', fonts), 'utf8');
    for (const { file, entry, codePoints, bytes } of cutFiles) {
      expect(bytes, `${file}: ${RERUN}`).toBe(entry.bytes);
      expect(codePointsOfRange(entry.unicodeRange), `${file}: ${RERUN}`).toEqual([...codePoints].sort((a, b) => a - b));
      expect(partial).toContain(`'${file}':`);
      expect(partial.replace(/\s+/g, ' ')).toContain(`'${file}': '${entry.unicodeRange}'`);
    }
    // a character both a cut file and a whole file covered could bring the whole file too
    const held = new Set(cutFiles.flatMap(({ codePoints }) => [...codePoints]));
    for (const range of Object.values(manifest.fallbacks)) {
      expect(partial.replace(/\s+/g, ' ')).toContain(`'${range}'`);
      expect(
        codePointsOfRange(range)
          .filter((point) => held.has(point))
          .map(hex),
      ).toEqual([]);
    }
  });

  it('keep the wght axis, over every weight the frames’ style sheets ask for', async () => {
    for (const { file, face } of cutFiles) {
      const { min, max } = face.getAxisInfos().wght ?? {};
      expect({ file, min, max }).toEqual({ file, ...manifest.weight });
    }
    const weights = new Set<number>();
    for (const directory of ['src', 'widgets']) {
      for (const name of await readdir(new URL(directory, root), { recursive: true })) {
        if (!/\.s?css$/.test(name)) continue;
        const css = await readFile(new URL(`${directory}/${name}`, root), 'utf8');
        // font-weight, and the font shorthand's weight; @font-face descriptors name their faces' ranges, not a weight
        const rules = css.replace(/@font-face\s*\{[^}]*\}/g, '');
        for (const [, weight] of rules.matchAll(/font(?:-weight)?:\s*(\d{3})\b/g)) weights.add(Number(weight));
      }
    }
    expect(weights.size).toBeGreaterThan(0);
    for (const weight of weights) {
      expect(weight, `font weight ${weight}: widen WEIGHT in scripts/subset-frame-fonts.ts`).toBeGreaterThanOrEqual(
        manifest.weight.min,
      );
      expect(weight, `font weight ${weight}: widen WEIGHT in scripts/subset-frame-fonts.ts`).toBeLessThanOrEqual(
        manifest.weight.max,
      );
    }
  });
});

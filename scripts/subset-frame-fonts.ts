/**
 * Writes widgets/frames/fonts/: Open Sans (the variable face of @fontsource-variable/open-sans) cut down to the
 * characters the widgets' frames draw, for frame-fonts.scss. A frame stands on a publisher's page, whose reader pays
 * for every byte it fetches: fontsource's whole latin and latin-ext files came to 81.5 KiB for a Latvian frame.
 *
 * Run `node scripts/subset-frame-fonts.ts` after changing a locale's words (widgets/frames/frame-fonts.test.ts fails
 * until then) or the weights the frames' style sheets use. The files are committed, so that neither the build nor
 * the tests need to run harfbuzz.
 *
 * One file per fontsource subset (latin, latin-ext, cyrillic), each holding the characters of both languages that
 * fall in it: harfbuzz cannot merge two source files into one, and both languages' faces stand in the one style sheet
 * every frame loads, where two faces of one family covering the same character would make the browser take the last
 * declared for both languages. So a Latvian frame fetches latin and latin-ext, a Russian one latin and cyrillic.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Blob as HbBlob, Face } from 'harfbuzzjs';
import { format, resolveConfig } from 'prettier';

type SubsetFont = (
  font: Uint8Array,
  text: string | undefined,
  options: {
    targetFormat: 'woff2' | 'sfnt';
    keepAllGlyphs?: boolean;
    variationAxes?: Record<string, { min: number; max: number }>;
  },
) => Promise<Uint8Array>;
// subset-font is CommonJS without type declarations
const subsetFont = createRequire(import.meta.url)('subset-font') as SubsetFont;

const root = new URL('../', import.meta.url);
const fontsource = new URL('node_modules/@fontsource-variable/open-sans/', root);
const target = new URL('widgets/frames/fonts/', root);

/**
 * The weights the frames' style sheets ask for: 400, 600 and 700 (font-weight and the font shorthand across
 * src/styles, src/ui, src/features and widgets/frames; bold headings and <strong> resolve to 700). The variable
 * face's 300 and 800 ends are never drawn, and pinning the axis to these shrinks every glyph's deltas.
 * frame-fonts.test.ts fails when a style sheet asks for a weight outside it.
 */
const WEIGHT = { min: 400, max: 700 };

/** The subsets in the order a character is looked for: a character two of them hold goes to the first. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic'] as const;
type Subset = (typeof SUBSETS)[number];

/** The files a frame in each language fetches for its own words; a stray character may bring another. */
const LANGUAGE_SUBSETS = { lv: ['latin', 'latin-ext'], ru: ['latin', 'cyrillic'] } as const satisfies Record<
  string,
  readonly Subset[]
>;
type Language = keyof typeof LANGUAGE_SUBSETS;

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join('');

/**
 * What a frame may draw beyond its locale's words: the figures and punctuation Intl and the copy write (the non-breaking
 * space lv and ru group digits with, the euro, dashes, the minus sign, both languages' quotation marks, the ellipsis),
 * and each language's whole alphabet, for names and addresses the applicant types.
 */
const TYPOGRAPHY = `${range(0x20, 0x7e)}\u00a0€%–—−‘’‚“”„«»…©`;
const EXTRA: Record<Language, string> = {
  lv: `${TYPOGRAPHY}ĀāČčĒēĢģĪīĶķĻļŅņŠšŪūŽž`,
  ru: `${TYPOGRAPHY}${range(0x410, 0x44f)}Ёё№`,
};

/** Every string value of a locale's JSON files but the articles' and published files' (directories). */
async function localeText(language: Language): Promise<string> {
  const directory = new URL(`locales/${language}/`, root);
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) {
      collect(JSON.parse(await readFile(new URL(entry.name, directory), 'utf8')));
    }
  }
  return texts.join('');
}

/** The code points a font's cmap maps; harfbuzz reads only SFNT, so a WOFF2 is unpacked first. */
async function codePointsOf(woff2: Uint8Array): Promise<Set<number>> {
  const sfnt = await subsetFont(woff2, undefined, { targetFormat: 'sfnt', keepAllGlyphs: true });
  return new Set(new Face(new HbBlob(sfnt)).collectUnicodes());
}

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');

/** A CSS unicode-range of exactly these code points, runs written as ranges. */
function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] ?? 0) + 1) end++;
    const [from, to] = [sorted[start] ?? 0, sorted[end] ?? 0];
    parts.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    start = end + 1;
  }
  return parts.join(', ');
}

function codePointsOfRange(unicodeRangeText: string): Set<number> {
  const codePoints = new Set<number>();
  for (const part of unicodeRangeText.split(',')) {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let codePoint = parseInt(from, 16); codePoint <= parseInt(to, 16); codePoint++) codePoints.add(codePoint);
  }
  return codePoints;
}

const fileName = (subset: Subset) => `open-sans-subset-${subset}.woff2`;

const fontsourceRanges = JSON.parse(await readFile(new URL('unicode.json', fontsource), 'utf8')) as Record<
  Subset,
  string
>;
const sources = new Map<Subset, { bytes: Uint8Array; codePoints: Set<number> }>();
for (const subset of SUBSETS) {
  const bytes = await readFile(new URL(`files/open-sans-${subset}-wght-normal.woff2`, fontsource));
  sources.set(subset, { bytes, codePoints: await codePointsOf(bytes) });
}

// both languages' characters, control characters (a string's line breaks) aside: nothing draws them
const wanted = new Set<number>();
const outsideOpenSans = new Map<Language, number[]>();
for (const language of Object.keys(LANGUAGE_SUBSETS) as Language[]) {
  const extra = new Set([...EXTRA[language]].map((character) => character.codePointAt(0) ?? 0));
  for (const character of new Set(EXTRA[language] + (await localeText(language)))) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) continue;
    if (SUBSETS.some((subset) => sources.get(subset)?.codePoints.has(codePoint))) wanted.add(codePoint);
    else if (extra.has(codePoint)) throw new Error(`Open Sans has no U+${hex(codePoint)}, which ${language} needs`);
    // a symbol Open Sans lacks (⌘ in the publishers' page's words): the reader's own fonts draw it
    else outsideOpenSans.set(language, [...(outsideOpenSans.get(language) ?? []), codePoint]);
  }
}

const bySubset = new Map<Subset, number[]>(SUBSETS.map((subset) => [subset, []]));
for (const codePoint of wanted) {
  const subset = SUBSETS.find((candidate) => sources.get(candidate)?.codePoints.has(codePoint));
  if (subset) bySubset.get(subset)?.push(codePoint);
}

await mkdir(target, { recursive: true });
const files: { subset: Subset; file: string; bytes: number; unicodeRange: string }[] = [];
const held = new Set<number>();
for (const subset of SUBSETS) {
  const codePoints = bySubset.get(subset) ?? [];
  const source = sources.get(subset);
  if (!source || codePoints.length === 0) continue;
  const bytes = await subsetFont(source.bytes, String.fromCodePoint(...codePoints), {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHT },
  });
  // the range the style sheet declares is read back from the written file, so the two cannot disagree
  const kept = await codePointsOf(bytes);
  const lost = codePoints.filter((codePoint) => !kept.has(codePoint));
  if (lost.length > 0) throw new Error(`${subset}: harfbuzz dropped ${unicodeRange(lost)}`);
  kept.forEach((codePoint) => held.add(codePoint));
  await writeFile(new URL(fileName(subset), target), bytes);
  files.push({ subset, file: fileName(subset), bytes: bytes.byteLength, unicodeRange: unicodeRange(kept) });
}

/**
 * fontsource's whole file for a subset draws what the cut files lack (an ö or ł in a typed name), behind the
 * subset's range less every character a cut file holds. CSS Fonts checks overlapping ranges from the last declared
 * face, and Chromium, measured, fetched only the cut files with the whole ranges too; with the ranges apart, no
 * browser's order of looking can bring a whole file for the frame's own words.
 */
const fallbacks = SUBSETS.map((subset) => ({
  subset,
  unicodeRange: unicodeRange([...codePointsOfRange(fontsourceRanges[subset])].filter((point) => !held.has(point))),
}));

const manifest = {
  generatedBy: 'scripts/subset-frame-fonts.ts',
  weight: WEIGHT,
  files: Object.fromEntries(
    files.map(({ file, subset, bytes, unicodeRange: range }) => [file, { subset, bytes, unicodeRange: range }]),
  ),
  fallbacks: Object.fromEntries(fallbacks.map(({ subset, unicodeRange: range }) => [subset, range])),
  languages: Object.fromEntries(
    (Object.keys(LANGUAGE_SUBSETS) as Language[]).map((language) => [
      language,
      {
        files: LANGUAGE_SUBSETS[language].map(fileName),
        outsideOpenSans: unicodeRange(outsideOpenSans.get(language) ?? []),
      },
    ]),
  ),
};

const scss = `// Generated by scripts/subset-frame-fonts.ts; do not edit. The faces of frame-fonts.scss: each cut file of
// Open Sans with exactly the characters it holds, and what fontsource's whole files still cover.
$weight: ${WEIGHT.min} ${WEIGHT.max};
$files: (
${files.map(({ file, unicodeRange: range }) => `  '${file}': '${range}',`).join('\n')}
);
$fallbacks: (
${fallbacks.map(({ subset, unicodeRange: range }) => `  ${subset}: '${range}',`).join('\n')}
);
`;

async function writeFormatted(name: string, text: string): Promise<void> {
  const path = fileURLToPath(new URL(name, target));
  await writeFile(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
}
await writeFormatted('open-sans-subsets.scss', scss);
await writeFormatted('open-sans-subsets.json', JSON.stringify(manifest));

for (const { file, bytes, unicodeRange: range } of files) {
  console.log(`${file}: ${(bytes / 1024).toFixed(1)} KiB, ${codePointsOfRange(range).size} characters`);
}
for (const [language, subsets] of Object.entries(LANGUAGE_SUBSETS)) {
  const total = files.filter(({ subset }) => (subsets as readonly Subset[]).includes(subset));
  console.log(`${language}: ${(total.reduce((sum, { bytes }) => sum + bytes, 0) / 1024).toFixed(1)} KiB`);
}
for (const [language, codePoints] of outsideOpenSans) {
  console.log(`${language}: not in Open Sans, left to the reader's fonts: ${unicodeRange(codePoints)}`);
}

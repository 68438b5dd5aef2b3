import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type PdfDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** DejaVu Sans: the Latvian letters and Cyrillic the standard PDF fonts lack. */
const FONT = { regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' };

/** pdfkit and the fonts, loaded once, on the first PDF asked for: the server starts without them. */
let pdfTools: Promise<{ PDFDocument: typeof PdfDocument; regular: Buffer; bold: Buffer }> | null = null;
export const loadPdfTools = () =>
  (pdfTools ??= Promise.all([
    import('pdfkit'),
    readFile(require.resolve(FONT.regular)),
    readFile(require.resolve(FONT.bold)),
  ]).then(([pdfkit, regular, bold]) => ({ PDFDocument: pdfkit.default, regular, bold })));

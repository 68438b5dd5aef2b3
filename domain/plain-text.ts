/**
 * Free text a person writes (a loan purpose, a position, a message to a lender) goes on to lenders
 * and into their systems: control and format characters can hide or reorder what a reader sees
 * (U+202E turns text around), NUL is refused by PostgreSQL, and a lone surrogate is not text at all
 * and breaks UTF-8 on the way. Such text is refused, not cleaned, so what is stored is what was typed.
 * The joiners U+200C and U+200D stay: emoji sequences and some scripts need them.
 */
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Cf}]/gu;
const JOINERS = /[\u200c\u200d]/;
const LINE_BREAKS_AND_TABS = /[\n\r\t]/;

/** Whether the text is free of control characters and lone surrogates; `multiline` lets line breaks and tabs through. */
export function isPlainText(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  for (const [character] of text.matchAll(FORBIDDEN)) {
    if (JOINERS.test(character)) continue;
    if (multiline && LINE_BREAKS_AND_TABS.test(character)) continue;
    return false;
  }
  return true;
}

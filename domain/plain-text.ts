/**
 * Free text a person writes (a loan purpose, a position, a message to a lender) goes on to lenders
 * and into their systems: control and format characters can hide or reorder what a reader sees
 * (U+202E turns text around), NUL is refused by PostgreSQL, and a lone surrogate is not text at all
 * and breaks UTF-8 on the way. Such text is refused, not cleaned, so what is stored is what was typed.
 * The joiners U+200C and U+200D stay: emoji sequences and some scripts need them. Written as patterns,
 * which the schemas check with and the OpenAPI document states as they are.
 */
export const PLAIN_TEXT = /^(?:[^\p{Cc}\p{Cs}\p{Cf}]|[\u200c\u200d])*$/u;

/** The same over several lines: line breaks and tabs too. */
export const MULTILINE_PLAIN_TEXT = /^(?:[^\p{Cc}\p{Cs}\p{Cf}]|[\n\r\t\u200c\u200d])*$/u;

/** Whether the text is free of control characters and lone surrogates; `multiline` lets line breaks and tabs through. */
export const isPlainText = (text: string, multiline = false): boolean =>
  (multiline ? MULTILINE_PLAIN_TEXT : PLAIN_TEXT).test(text);

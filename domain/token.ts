/** Application tokens: 256 bits, base64url without padding, 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a saved value can be a token at all (no zod: the wizard's first step checks it). */
export const isTokenShaped = (value: string | null): value is string => value !== null && TOKEN_PATTERN.test(value);

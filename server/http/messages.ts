import type { FastifyRequest } from 'fastify';
import type { ValidationMessageKey } from '../../domain/application.ts';
import type { Language } from '../../domain/language.ts';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import ruApi from '../../locales/ru/api.json' with { type: 'json' };
import lvValidation from '../../locales/lv/validation.json' with { type: 'json' };
import ruValidation from '../../locales/ru/validation.json' with { type: 'json' };
import type { ApiErrorCode } from './problem.ts';

const api: Record<Language, Record<ApiErrorCode, string>> = { lv: lvApi, ru: ruApi };
const validation: Record<Language, Record<ValidationMessageKey, string>> = { lv: lvValidation, ru: ruValidation };

export function apiMessage(language: Language, code: ApiErrorCode): string {
  return api[language][code];
}

export function validationMessage(language: Language, key: string): string {
  return validation[language][key as ValidationMessageKey] ?? validation[language].invalidValue;
}

/**
 * The body as an object: parsed JSON, or the raw JSON text the partner routes keep for their
 * signature check (an unverified body is only read for its language, never acted on).
 */
function bodyObject(body: unknown): { language?: unknown } | null {
  if (typeof body === 'string') {
    if (!body.trimStart().startsWith('{')) return null;
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  }
  return typeof body === 'object' && body !== null ? (body as { language?: unknown }) : null;
}

/**
 * The language an answer is written in: the body's or query's `language`/`lang` when it names one,
 * else Accept-Language, else Latvian.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const pick = (value: unknown): Language | null => (value === 'lv' || value === 'ru' ? value : null);
  // the address, not the parsed query: a route's schema may drop `language`, and a request Fastify
  // could not route has no parsed query at all; a name given twice names no language
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const single = (name: string) => {
    const values = query.getAll(name);
    return values.length === 1 ? values[0] : undefined;
  };
  const explicit = pick(bodyObject(request.body)?.language) ?? pick(single('lang')) ?? pick(single('language'));
  if (explicit) return explicit;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    const ru = accept.search(/\bru\b/i);
    const lv = accept.search(/\blv\b/i);
    if (ru !== -1 && (lv === -1 || ru < lv)) return 'ru';
  }
  return 'lv';
}

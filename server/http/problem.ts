import type lvApi from '../../locales/lv/api.json';

export type ApiErrorCode = keyof typeof lvApi;

/** An answer the caller caused (4xx) or may retry (503), with a code the messages translate. */
export class ApiProblem extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(statusCode: number, code: ApiErrorCode, fields?: Readonly<Record<string, string>>) {
    super(code);
    this.name = 'ApiProblem';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

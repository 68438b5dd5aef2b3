import { z } from 'zod';
import type { Language } from '../../domain/language.ts';
import { deriveSandboxSecret } from '../config/sandbox-secret.ts';
import { personalCodeFromSerialNumber } from './personal-code-format.ts';
import { outboundCall } from '../ops/tracing/outbound.ts';

/**
 * eParaksts (LVRTC) identification: OAuth 2.0 authorization code flow (DOMAIN.md).
 * authorize (browser) → token (HTTP Basic client auth) → GET users/me with the bearer token.
 * No refresh tokens. Every failure throws an EParakstsError; `retryable` tells a network failure or a
 * 5xx from an answer the caller should turn into a failed identification.
 */

export const EPARAKSTS_SANDBOX_CLIENT_ID = 'kreditkompass';
/** The eParaksts authentication scope. */
export const EPARAKSTS_SCOPE = 'urn:lvrtc:fpeil:aa';

/** The client secret the broker and the sandbox share (base64url of the derived key). */
export function eParakstsSandboxClientSecret(): string {
  return deriveSandboxSecret('eparaksts:client-secret').toString('base64url');
}

export interface EParakstsIdentity {
  readonly givenName: string;
  readonly familyName: string;
  /** DDMMYY-NNNNN, from serial_number PNOLV-… */
  readonly personalCode: string;
}

export interface EParakstsClientOptions {
  /** e.g. https://eidas.eparaksts.lv or http://127.0.0.1:3000/sandbox/eparaksts */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly scope?: string;
  /** per request; default 10 s */
  readonly requestTimeoutMs?: number;
}

export interface EParakstsClient {
  authorizeUrl(request: { readonly state: string; readonly language: Language }): string;
  exchangeCode(code: string): Promise<string>;
  userInfo(accessToken: string): Promise<EParakstsIdentity>;
}

/** `code`: the OAuth error (invalid_grant, invalid_client, invalid_token, …), or network / http / bad_response. */
export class EParakstsError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(code: string, message: string, details: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'EParakstsError';
    this.code = code;
    this.status = details.status;
    this.retryable = details.retryable ?? false;
  }
}

export function isEParakstsError(error: unknown): error is EParakstsError {
  return error instanceof EParakstsError;
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().optional(),
});

const userAnswerSchema = z.object({
  given_name: z.string().trim().min(1).max(200),
  family_name: z.string().trim().min(1).max(200),
  serial_number: z.string().max(64),
});

const errorAnswerSchema = z.object({ error: z.string().regex(/^[\w.-]{1,64}$/) });

/** eParaksts' URLs may carry codes in the query: the span names the service, not the URL. */
const EPARAKSTS_SPAN = { attributes: { 'peer.service': 'eparaksts' } } as const;

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they are joined and base64-encoded. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

export function createEParakstsClient({
  baseUrl,
  clientId,
  clientSecret,
  redirectUri,
  scope = EPARAKSTS_SCOPE,
  requestTimeoutMs = 10_000,
}: EParakstsClientOptions): EParakstsClient {
  const base = baseUrl.replace(/\/+$/, '');
  const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64');

  async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await outboundCall(init.method ?? 'GET', url, EPARAKSTS_SPAN, (traceHeaders) =>
        fetch(url, {
          ...init,
          ...('traceparent' in traceHeaders
            ? { headers: { ...(init.headers as Record<string, string>), ...traceHeaders } }
            : {}),
          signal: AbortSignal.timeout(requestTimeoutMs),
          redirect: 'error',
        }),
      );
    } catch (error) {
      throw new EParakstsError('network', `eParaksts ${what}: no answer`, { retryable: true, cause: error });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const oauth = errorAnswerSchema.safeParse(body);
      const code = oauth.success ? oauth.data.error : 'http';
      throw new EParakstsError(code, `eParaksts ${what}: HTTP ${response.status} ${code}`, {
        status: response.status,
        retryable: response.status === 429 || response.status >= 500,
      });
    }
    if (body === undefined) throw new EParakstsError('bad_response', `eParaksts ${what}: answer is not JSON`);
    return body;
  }

  return {
    authorizeUrl({ state, language }) {
      const url = new URL(`${base}/trustedx-authserver/oauth/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', scope);
      url.searchParams.set('ui_locales', language);
      return url.toString();
    },

    async exchangeCode(code) {
      const body = await call(
        `${base}/trustedx-authserver/oauth/token`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${basic}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
        },
        'token',
      );
      const parsed = tokenAnswerSchema.safeParse(body);
      if (!parsed.success) throw new EParakstsError('bad_response', 'eParaksts token: unexpected answer');
      return parsed.data.access_token;
    },

    async userInfo(accessToken) {
      const body = await call(
        `${base}/trustedx-resources/openid/v1/users/me`,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        'userinfo',
      );
      const parsed = userAnswerSchema.safeParse(body);
      const personalCode = parsed.success ? personalCodeFromSerialNumber(parsed.data.serial_number) : null;
      if (!parsed.success || !personalCode)
        throw new EParakstsError('bad_response', 'eParaksts userinfo: unexpected answer');
      return { givenName: parsed.data.given_name, familyName: parsed.data.family_name, personalCode };
    },
  };
}

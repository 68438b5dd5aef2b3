import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import {
  CONSENT_CATEGORIES,
  consentCookieValue,
  consentOfCookies,
  type Consent,
  type ConsentCategory,
} from '../../domain/consent-cookie.ts';
import { LATE_MODULES_SCRIPT } from '../../domain/late-modules.ts';

/**
 * The third parties the site loads after consent (src/tracking/deferred-scripts.ts) and what they call, by the
 * consent category that allows them. Some of these hosts serve script gadgets (JSONP, tag templates) that would
 * run an injected snippet under our policy, so a page names a category's hosts only for a visitor who allowed it.
 */
const THIRD_PARTIES: Readonly<
  Record<ConsentCategory, { readonly hosts: readonly string[]; readonly frames: boolean }>
> = {
  analytics: {
    hosts: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
    frames: false,
  },
  testing: { hosts: ['https://dev.visualwebsiteoptimizer.com', 'https://*.visualwebsiteoptimizer.com'], frames: true },
  ads: {
    hosts: ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    frames: true,
  },
};

/** The hosts the consent allows: every category's, or its framed ones only. */
const allowedHosts = (consent: Consent | null, framed = false): string[] =>
  CONSENT_CATEGORIES.filter((category) => consent?.[category] && (!framed || THIRD_PARTIES[category].frames)).flatMap(
    (category) => THIRD_PARTIES[category].hosts,
  );

/** The pages' one inline script, which asks for their modules after the first paint, allowed by its hash. */
const LATE_MODULES_HASH = `'sha256-${createHash('sha256').update(LATE_MODULES_SCRIPT).digest('base64')}'`;

/**
 * A strict Content Security Policy: scripts and styles from this origin only, no inline script but the one of its
 * hash, no style element or style attribute (a script may still set styles through the CSSOM), the third parties the
 * visitor consented to and no other, forms that post here, no plugins, no framing of the site.
 */
const options = (formTargets: readonly string[], consent: Consent | null): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", LATE_MODULES_HASH, ...allowedHosts(consent)],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', ...allowedHosts(consent)],
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...allowedHosts(consent)],
      'frame-src': ["'self'", ...allowedHosts(consent, true)],
      'form-action': ["'self'", ...formTargets],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * A widget's iframe page, framed by any publisher's page: its own origin's scripts, styles and API
 * only, no third parties (the widgets run no analytics), framing allowed, and loadable across
 * sites. The publisher's page never reaches inside: it is another origin.
 */
const widgetFrameOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ['*'],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
    },
  },
  frameguard: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * API answers are data, never documents: the policy OWASP advises for APIs forbids them everything,
 * and the headers that only steer documents (opener policy, DNS prefetch…) are left out, which
 * also keeps the hot status endpoint's answers lean.
 */
const apiOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  originAgentCluster: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * Helmet writes the headers once, into a plain object; every answer then gets that object in one
 * call. Running helmet's middlewares on every request cost the status endpoint more than half its
 * throughput (bench/status-throughput.ts), and the headers never differ between requests.
 */
function headersOf(helmetOptions: HelmetOptions): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

/** The site's headers; without a consent (the default) its policy names no third party at all. */
export const siteSecurityHeaders = (formTargets: readonly string[] = [], consent: Consent | null = null) =>
  headersOf(options(formTargets, consent));
export const apiSecurityHeaders = () => headersOf(apiOptions);
export const widgetFrameSecurityHeaders = () => headersOf(widgetFrameOptions);

/** Adds the headers to every answer of this Fastify context (the site's context overrides the API's). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * A page's policy by the consent cookie its request carries (domain/consent-cookie.ts): a category's hosts only
 * with the visitor's consent to it. Added after the site's headers, so it replaces their policy; a context
 * registered inside (the widget frames) sets its own after it. Pages answer `Vary: Cookie`, so no cache hands
 * one visitor's policy to another.
 */
export function registerPageConsentPolicy(app: FastifyInstance, formTargets: readonly string[] = []): void {
  const policies = new Map<string, string>();
  const policyOf = (consent: Consent | null): string => {
    const key = consent ? consentCookieValue(consent) : 'none';
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = siteSecurityHeaders(formTargets, consent)['content-security-policy'] ?? '';
      policies.set(key, policy);
    }
    return policy;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('content-security-policy', policyOf(consentOfCookies(request.headers.cookie)));
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
    }
    done(null, payload);
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The third parties the site loads after consent (src/tracking/deferred-scripts.ts) and what they call. */
const ANALYTICS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
];
const TESTING = ['https://dev.visualwebsiteoptimizer.com', 'https://*.visualwebsiteoptimizer.com'];
const ADS = ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'];

/**
 * A strict Content Security Policy: scripts and styles from this origin only, no inline script, style
 * element or style attribute (a script may still set styles through the CSSOM), the consented third parties,
 * forms that post here, no plugins, no framing of the site.
 */
const options = (formTargets: readonly string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...ANALYTICS, ...TESTING, ...ADS],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', ...ANALYTICS, ...TESTING, ...ADS],
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...ANALYTICS, ...TESTING, ...ADS],
      'frame-src': ["'self'", ...ADS, ...TESTING],
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

export const siteSecurityHeaders = (formTargets: readonly string[] = []) => headersOf(options(formTargets));
export const apiSecurityHeaders = () => headersOf(apiOptions);
export const widgetFrameSecurityHeaders = () => headersOf(widgetFrameOptions);

/** Adds the headers to every answer of this Fastify context (the site's context overrides the API's). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

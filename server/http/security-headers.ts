import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** The third parties the site loads after consent (src/tracking/deferred-scripts.ts) and what they call. */
const ANALYTICS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
];
const TESTING = ['https://dev.visualwebsiteoptimizer.com', 'https://*.visualwebsiteoptimizer.com'];
const ADS = ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'];

/**
 * A strict Content Security Policy: scripts and styles from this origin only (the site has no
 * inline scripts; the sliders' fill is an inline style attribute), the consented third parties,
 * forms that post here or to an identity provider, no plugins, no framing of the site.
 */
export async function registerSecurityHeaders(app: FastifyInstance, formTargets: readonly string[]): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...ANALYTICS, ...TESTING, ...ADS],
        'style-src': ["'self'"],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', ...ANALYTICS, ...TESTING, ...ADS],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...ANALYTICS, ...TESTING, ...ADS],
        'frame-src': ["'self'", ...ADS, ...TESTING],
        'form-action': ["'self'", ...formTargets],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // the site is embedded by publishers only through its widget pages, which set their own framing rules
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** The flags and the name one of the site's own cookies gets, from where the site is served. */
export interface SiteCookie {
  readonly name: string;
  readonly options: {
    readonly httpOnly: true;
    readonly sameSite: 'lax';
    readonly secure: boolean;
    readonly path: string;
    readonly maxAge?: number;
  };
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * HttpOnly and SameSite=Lax always. Served over HTTPS, a cookie takes the `__Host-` prefix, which the
 * browser honours only with Secure, Path=/ and no Domain: no subdomain and no plain-HTTP page can set
 * or shadow it. On plain HTTP (this machine) browsers refuse the prefix, so the plain name and the
 * narrower path stay, and Secure is dropped only on loopback, where a Secure cookie would never come back.
 */
export function siteCookie(publicBaseUrl: string, name: string, path: string, maxAgeSeconds?: number): SiteCookie {
  const url = new URL(publicBaseUrl);
  const https = url.protocol === 'https:';
  const loopback = LOOPBACK_HOSTS.includes(url.hostname);
  return {
    name: https ? `__Host-${name}` : name,
    options: {
      httpOnly: true,
      sameSite: 'lax',
      secure: !(loopback && !https),
      path: https ? '/' : path,
      ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    },
  };
}

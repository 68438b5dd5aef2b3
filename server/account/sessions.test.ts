import { describe, expect, it } from 'vitest';
import { sessionCookieOf } from './sessions.ts';

describe('the session cookie’s name and flags', () => {
  it('is __Host- prefixed, HttpOnly, SameSite=Lax, Secure and for the whole site on a public HTTPS site', () => {
    expect(sessionCookieOf('https://www.kreditkompass.lv')).toEqual({
      name: '__Host-kk_session',
      options: { httpOnly: true, sameSite: 'lax', secure: true, path: '/' },
    });
  });

  it('keeps the plain name and the account API’s path on plain HTTP, where browsers refuse the prefix', () => {
    expect(sessionCookieOf('http://127.0.0.1:3000')).toEqual({
      name: 'kk_session',
      options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/api/account' },
    });
  });

  it('drops Secure only for plain HTTP on this machine, where a Secure cookie never comes back', () => {
    expect(sessionCookieOf('http://localhost:3000').options.secure).toBe(false);
    expect(sessionCookieOf('http://kreditkompass.example').options.secure).toBe(true);
    expect(sessionCookieOf('https://127.0.0.1:3000').options.secure).toBe(true);
  });
});

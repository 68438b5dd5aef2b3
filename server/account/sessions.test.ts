import { describe, expect, it } from 'vitest';
import { sessionCookieOptions } from './sessions.ts';

describe('the session cookie’s flags', () => {
  it('is HttpOnly, SameSite=Lax and Secure on a public HTTPS site', () => {
    expect(sessionCookieOptions('https://www.kreditkompass.lv')).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/api/account',
    });
  });

  it('drops Secure only for plain HTTP on this machine, where a Secure cookie never comes back', () => {
    expect(sessionCookieOptions('http://127.0.0.1:3000').secure).toBe(false);
    expect(sessionCookieOptions('http://localhost:3000').secure).toBe(false);
    expect(sessionCookieOptions('http://kreditkompass.example').secure).toBe(true);
    expect(sessionCookieOptions('https://127.0.0.1:3000').secure).toBe(true);
  });
});

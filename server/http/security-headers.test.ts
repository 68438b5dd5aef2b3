import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, siteSecurityHeaders, widgetFrameSecurityHeaders } from './security-headers.ts';

describe('the Content Security Policies', () => {
  const policies = {
    site: siteSecurityHeaders(['https://bank.example'])['content-security-policy'] ?? '',
    widgetFrame: widgetFrameSecurityHeaders()['content-security-policy'] ?? '',
    api: apiSecurityHeaders()['content-security-policy'] ?? '',
  };

  it.each(Object.entries(policies))('%s: allows nothing inline, not even a style attribute', (_name, policy) => {
    expect(policy).toMatch(/default-src '(self|none)'/);
    expect(policy).not.toContain('unsafe');
    expect(policy).not.toContain('style-src-attr');
  });

  it('styles of pages and widgets come from their own origin only', () => {
    expect(policies.site).toContain("style-src 'self';");
    expect(policies.widgetFrame).toContain("style-src 'self';");
    expect(policies.site).toContain("form-action 'self' https://bank.example");
  });
});

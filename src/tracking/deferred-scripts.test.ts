// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { acceptAll, readConsentCookie, rejectAll, writeConsentCookie } from './consent.ts';
import { deferThirdPartyScripts } from './deferred-scripts.ts';

/** The tools' script elements the page holds, by category. */
const loaded = (doc: Document) =>
  [...doc.querySelectorAll<HTMLScriptElement>('script[data-third-party]')].map((script) => script.dataset.thirdParty);

const freshDocument = () => document.implementation.createHTMLDocument('page');
const interact = (doc: Document) => doc.dispatchEvent(new Event('pointerdown'));

describe('the third-party tools a page loads', () => {
  it('loads, after the first interaction, the consented tools its own policy allows', () => {
    const doc = freshDocument();
    const scripts = deferThirdPartyScripts(doc, { analytics: true, testing: false, ads: true });
    scripts.update(acceptAll);
    expect(loaded(doc)).toEqual([]);
    interact(doc);
    expect(loaded(doc)).toEqual(['analytics', 'ads']);
  });

  it("counts an interaction made before the page's script came, and loads at once", () => {
    const doc = freshDocument();
    const scripts = deferThirdPartyScripts(doc, { analytics: true, testing: true, ads: false }, true);
    scripts.update(acceptAll);
    expect(loaded(doc)).toEqual(['analytics', 'testing']);
  });

  it('loads nothing on the page where consent was first given: its policy was chosen without it', () => {
    const doc = freshDocument();
    const scripts = deferThirdPartyScripts(doc, null);
    interact(doc);
    scripts.update(null);
    scripts.update(acceptAll);
    expect(loaded(doc)).toEqual([]);
  });

  it('loads nothing more once consent is withdrawn, whatever the page allowed', () => {
    const doc = freshDocument();
    const scripts = deferThirdPartyScripts(doc, acceptAll);
    scripts.update(rejectAll);
    interact(doc);
    expect(loaded(doc)).toEqual([]);
  });
});

describe('the consent cookie', () => {
  it('carries the categories alone, for the whole site, and reads back as the same choice', () => {
    writeConsentCookie(document, { analytics: true, testing: false, ads: true });
    expect(document.cookie).toContain('cookieConsent=analytics.ads');
    expect(readConsentCookie(document)).toEqual({ analytics: true, testing: false, ads: true });
    writeConsentCookie(document, rejectAll);
    expect(document.cookie).toContain('cookieConsent=none');
    expect(readConsentCookie(document)).toEqual(rejectAll);
  });
});

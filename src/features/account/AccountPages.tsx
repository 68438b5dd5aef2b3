import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import { newApplicationPath } from '../../../domain/wizard-paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * The pages of coming back, as the prerenderer draws them: a heading and words, and the island
 * (the routes place it) that does the work in the browser.
 */
function AccountPageFrame({ heading, intro, children }: { heading: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="container container--narrow page account-page">
      <h1>{heading}</h1>
      {intro ? <p className="account-page__intro">{intro}</p> : null}
      {children}
    </div>
  );
}

export function AccountPage({ island }: { island: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    // the call to log in is the island's: it goes once the person is in
    <AccountPageFrame heading={t('heading')}>{island}</AccountPageFrame>
  );
}

export function SmsOptOutPage({ island }: { island: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <AccountPageFrame heading={t('smsOptOut.heading')} intro={t('smsOptOut.intro')}>
      {island}
    </AccountPageFrame>
  );
}

export function UnsubscribePage({ island }: { island: ReactNode }) {
  const { t } = useTranslation('account');
  return <AccountPageFrame heading={t('unsubscribe.heading')}>{island}</AccountPageFrame>;
}

/** Where a spent, expired or forged link from a message lands. */
export function LinkInvalidPage() {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  return (
    <AccountPageFrame heading={t('linkInvalid.heading')} intro={t('linkInvalid.text')}>
      <p className="account-actions">
        <a className="button button--primary" href={pagePath('account', lang)}>
          {t('linkInvalid.account')}
        </a>
        <a className="button button--secondary" href={newApplicationPath(lang)}>
          {t('linkInvalid.newApplication')}
        </a>
      </p>
    </AccountPageFrame>
  );
}

/** Where a login's or an identification's return lands when it reached a browser other than the one that began it. */
export function OtherBrowserPage() {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  return (
    <AccountPageFrame heading={t('otherBrowser.heading')} intro={t('otherBrowser.text')}>
      <p className="account-actions">
        <a className="button button--primary" href={pagePath('account', lang)}>
          {t('otherBrowser.account')}
        </a>
        <a className="button button--secondary" href={newApplicationPath(lang)}>
          {t('otherBrowser.application')}
        </a>
      </p>
    </AccountPageFrame>
  );
}

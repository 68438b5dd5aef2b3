import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import { CONSENT_CATEGORIES } from '../../tracking/consent.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * Prerendered hidden; src/tracking/cookie-banner.ts shows it while no choice is stored and wires it.
 * First in the page, so keyboard and screen-reader users meet the choice before anything it could
 * cover; fixed at the bottom and kept to a third of a phone's screen. Accepting and refusing are equal
 * buttons side by side, first in the banner; the settings open under their button; no category is
 * pre-ticked.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const policyPath = pagePath('cookies', lang);
  return (
    <section className="cookie-banner" aria-labelledby="cookie-heading" data-cookie-banner hidden>
      <div className="container cookie-banner__inner">
        <div className="cookie-banner__message">
          <h2 id="cookie-heading" className="cookie-banner__heading">
            {t('cookie.heading')}
          </h2>
          <p className="cookie-banner__text">{t('cookie.text')}</p>
        </div>
        <div className="cookie-banner__buttons">
          <button type="button" className="button button--secondary" data-cookie-action="accept">
            {t('cookie.accept')}
          </button>
          <button type="button" className="button button--secondary" data-cookie-action="reject">
            {t('cookie.reject')}
          </button>
        </div>
        <div className="cookie-banner__more">
          <a href={policyPath}>{t('cookie.policyLink')}</a>
          <button
            type="button"
            className="button button--ghost cookie-banner__settings"
            data-cookie-action="customize"
            aria-expanded="false"
          >
            {t('cookie.settings')}
          </button>
        </div>
        <form className="cookie-banner__choices" data-cookie-form hidden>
          <fieldset>
            <legend>{t('cookie.categories')}</legend>
            <label className="checkbox">
              <input type="checkbox" checked disabled />
              {t('cookie.necessary')}
            </label>
            {CONSENT_CATEGORIES.map((category) => (
              <label className="checkbox" key={category}>
                <input type="checkbox" name={category} />
                {t(`cookie.${category}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--secondary">
            {t('cookie.save')}
          </button>
        </form>
      </div>
    </section>
  );
}

/** On the cookie policy page: the current choice and the button that reopens the banner. */
export function CookieChoice() {
  const { t } = useTranslation();
  return (
    <div
      className="cookie-choice"
      data-cookie-choice
      data-label-none={t('cookie.choiceNone')}
      data-label-all={t('cookie.choiceAll')}
      data-label-necessary={t('cookie.choiceNecessary')}
      data-label-custom={t('cookie.choiceCustom')}
      data-template={t('cookie.current', { choice: '{choice}' })}
    >
      <p aria-live="polite" data-cookie-current>
        {t('cookie.current', { choice: t('cookie.choiceNone') })}
      </p>
      <button type="button" className="button button--secondary" data-cookie-action="change">
        {t('cookie.change')}
      </button>
    </div>
  );
}

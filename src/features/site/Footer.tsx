import { useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { PRODUCT_KEYS } from '../../../domain/loan-options.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/** Partner sites linked from the footer (spec section 2). */
const INCOME_INSURANCE_URL = 'https://www.ienakumu-apdrosinasana.lv/';

/** The footer's id: the page's first frame waits until the parser reaches it (Document.tsx). */
export const SITE_FOOTER_ID = 'site-footer';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const info = [
    ['faq', 'faq'],
    ['tips', 'tips'],
    ['privacy', 'privacy'],
    ['terms', 'terms'],
    ['cookies', 'cookies'],
    ['legalBasis', 'legalBasis'],
    ['publishers', 'publishers'],
    ['intermediary', 'intermediary'],
    ['accessibility', 'accessibility'],
  ] as const;
  return (
    <footer className="site-footer" id={SITE_FOOTER_ID}>
      <div className="container site-footer__columns">
        <section aria-labelledby="footer-products">
          <h2 id="footer-products" className="site-footer__heading">
            {t('footer.products')}
          </h2>
          <ul>
            {PRODUCT_KEYS.map((key) => (
              <li key={key}>
                <a href={pagePath(key, lang)}>{t(`products.${key}`)}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-information">
          <h2 id="footer-information" className="site-footer__heading">
            {t('footer.information')}
          </h2>
          <ul>
            {info.map(([id, label]) => (
              <li key={id}>
                <a href={pagePath(id, lang)}>{t(`footer.${label}`)}</a>
              </li>
            ))}
            <li>
              <a href={INCOME_INSURANCE_URL} rel="noopener">
                {t('footer.insurance')}
              </a>
            </li>
            <li>
              <a href={pagePath('smsOptOut', lang)}>{t('footer.smsOptOut')}</a>
            </li>
          </ul>
        </section>
        <section id="contacts" aria-labelledby="footer-contacts" tabIndex={-1}>
          <h2 id="footer-contacts" className="site-footer__heading">
            {t('footer.contacts')}
          </h2>
          <p>{t('footer.consultant')}</p>
          <p>
            <a href={company.phoneHref}>{company.phone}</a>
            <br />
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </p>
          <p>{t('hours', { from: company.hours.weekdaysFrom, to: company.hours.weekdaysTo })}</p>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>{t('footer.free')}</p>
        <p>{t('footer.security')}</p>
        <p>
          {t('footer.company', { name: company.legalName, reg: company.registrationNumber, address: company.address })}
          <br />
          {t('footer.licence', { licence: company.licence })}
        </p>
        <p>{t('footer.rights', { year: new Date().getFullYear(), name: company.legalName })}</p>
      </div>
    </footer>
  );
}

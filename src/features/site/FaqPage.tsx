import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { CreditWarning, showsFigure } from '../../ui/CreditWarning.tsx';
import { FaqList } from './Faq.tsx';
import { useContent } from './use-content.ts';
import { useLanguage } from '../../i18n/use-language.ts';

export function FaqPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const faq = useContent('faq');
  return (
    <div className="container container--narrow page">
      <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: t('footer.faq') }]} />
      <h1>{faq.h1}</h1>
      <p className="lead">{faq.lead}</p>
      {faq.groups.map((group) => (
        <section key={group.heading}>
          <h2>{group.heading}</h2>
          <FaqList items={group.items} />
          {showsFigure(...group.items.map((item) => item.a)) ? <CreditWarning /> : null}
        </section>
      ))}
    </div>
  );
}

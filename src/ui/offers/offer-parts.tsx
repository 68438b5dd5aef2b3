import { useTranslation } from 'react-i18next';
import { OFFER_NAMESPACES } from './offer-words.ts';

/** Where an offer's standard pre-contractual information opens, as a page and as a PDF. */
export interface StandardInformationLinks {
  readonly html: string;
  readonly pdf: string;
}

/** The one best offer's badge, on its card and in its table row. */
export function BestBadge() {
  const { t } = useTranslation(OFFER_NAMESPACES);
  return <p className="offer-badge">{t('best')}</p>;
}

/** How a counter-offer differs from the loan asked for, one line each ("7 000 € instead of 12 000 €"). */
export function OfferDifference({ lines }: { lines: readonly string[] | null }) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  if (!lines || lines.length === 0) return null;
  return (
    <ul className="offer-difference" aria-label={t('differenceLabel')}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The offer's standard information, a page and a PDF in a new tab: secondary to choosing it. `short` under the
 * lender in a table row, where the longer label would take two lines of a narrow column.
 */
export function StandardInformation({
  lender,
  links,
  short = false,
}: {
  lender: string;
  links: StandardInformationLinks | null;
  short?: boolean;
}) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  if (!links) return null;
  const newTab = <span className="visually-hidden"> {t('opensInNewTab', { lender })}</span>;
  return (
    <p className="offer-documents">
      <a href={links.html} target="_blank" rel="noopener">
        {t(short ? 'standardInformationShort' : 'standardInformation')}
        {newTab}
      </a>{' '}
      <a href={links.pdf} target="_blank" rel="noopener">
        {t('standardInformationPdf')}
        {newTab}
      </a>
    </p>
  );
}

import { useTranslation } from 'react-i18next';

export interface Crumb {
  readonly label: string;
  readonly href?: string;
}

/** "Home / section / page"; the first crumb is always the home page. */
export function Breadcrumbs({ homeHref, trail }: { homeHref: string; trail: readonly Crumb[] }) {
  const { t } = useTranslation();
  const crumbs: Crumb[] = [{ label: t('breadcrumb.home'), href: homeHref }, ...trail];
  return (
    <nav aria-label={t('breadcrumb.label')} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.label}>
            {crumb.href && index < crumbs.length - 1 ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import { WIDGET_ORIGIN_ATTRIBUTE } from '../../../domain/widget-protocol/loader-url.ts';

/** The page's words with their markup: `<code>`, the e-mail link, and the product's origin filled in on the page. */
export function useRich(): (key: string, values?: Record<string, string>) => ReactNode {
  const { t } = useTranslation('publishers');
  return (key, values) => (
    <Trans
      t={t}
      i18nKey={key}
      values={values}
      components={{
        code: <code />,
        mail: <a href={`mailto:${company.email}`} />,
        origin: <span {...{ [WIDGET_ORIGIN_ATTRIBUTE]: '' }} />,
      }}
    />
  );
}

export function CodeBlock({ children }: { children: string }) {
  return (
    <pre className="code-block">
      <code>{children}</code>
    </pre>
  );
}

export const Codes = ({ names }: { names: readonly string[] }) =>
  names.map((name, index) => (
    <span key={name}>
      {index > 0 ? ', ' : null}
      <code>{name}</code>
    </span>
  ));

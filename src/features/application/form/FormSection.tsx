import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One titled part of the application form: `name` gives its heading's words and id. */
export function FormSection({
  name,
  children,
}: {
  name: 'loan' | 'person' | 'household' | 'lenders' | 'consents';
  children: ReactNode;
}) {
  const { t } = useTranslation('form');
  const id = `application-${name}`;
  return (
    <section className="application-form__section" aria-labelledby={id}>
      <h2 id={id}>{t(`sections.${name}`)}</h2>
      {children}
    </section>
  );
}

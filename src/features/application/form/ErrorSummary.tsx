import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** One field that shows an error: its name in the form, its message, and the id of what receives focus. */
export interface InvalidField {
  readonly key: string;
  readonly message: string;
  readonly href: string;
}

/**
 * The control of a field that takes the focus: its invalid control, else its first one (a yes/no
 * question's first answer, a tick box's box), never a hidden or disabled one.
 */
export function focusTargetOf(field: Element): HTMLElement | undefined {
  const focusable = [...field.querySelectorAll<HTMLElement>('input, button, select, textarea')].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLInputElement).disabled &&
      (element as HTMLInputElement).type !== 'hidden' &&
      !element.closest('[aria-hidden="true"]'),
  );
  return focusable.find((element) => element.getAttribute('aria-invalid') === 'true') ?? focusable[0];
}

/**
 * The fields of `form` that show an error, in the order of the page, each with the words shown
 * beside it: the summary lists exactly what the person sees at the fields.
 */
export function invalidFieldsOf(form: HTMLElement | null): InvalidField[] {
  if (!form) return [];
  return [...form.querySelectorAll<HTMLElement>('[data-field][data-invalid]')].flatMap((field) => {
    const key = field.dataset.field ?? '';
    const message = field.querySelector('.field__error')?.textContent ?? '';
    const target = focusTargetOf(field);
    if (!key || !message || !target) return [];
    // a link needs a place to point at: react-aria's radios and tick boxes carry no id of their own
    if (!target.id) target.id = `field-${key.replaceAll('.', '-')}`;
    return [{ key, message, href: `#${target.id}` }];
  });
}

const sameFields = (a: readonly InvalidField[], b: readonly InvalidField[]) =>
  a.length === b.length && a.every((field, index) => field.key === b[index]?.key && field.message === b[index].message);

/**
 * The error summary at the top of the form (the GOV.UK pattern): after a submission with errors,
 * "there is a problem" and a link to each invalid field with its message; it takes the focus each
 * time `focusKey` changes, and a link moves the focus to its field (the first answer of a group).
 * It follows the fields as they are corrected (it reads them again when `values` changes) and is
 * gone once none shows an error. `messages` are the server's words that no field stands beside.
 */
export function ErrorSummary({
  formRef,
  open,
  focusKey,
  messages,
  values,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  open: boolean;
  values: unknown;
  focusKey: unknown;
  messages: readonly string[];
}) {
  const { t } = useTranslation('form');
  const ref = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<readonly InvalidField[]>([]);
  const focused = useRef(focusKey);

  // after a render with other values or answers: the fields' errors are on the page by now, in their order
  useLayoutEffect(() => {
    const next = open ? invalidFieldsOf(formRef.current) : [];
    setFields((current) => (sameFields(current, next) ? current : next));
  }, [open, formRef, values, focusKey]);

  useEffect(() => {
    // a request made while nothing is to be shown is spent: a later error never pulls the focus
    if (!open) focused.current = focusKey;
    if (!ref.current || focused.current === focusKey) return;
    focused.current = focusKey;
    ref.current.focus();
  });

  if (!open || (fields.length === 0 && messages.length === 0)) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1}>
      <div role="alert">
        <h2 className="error-summary__title">{t('errorSummary.title')}</h2>
        <ul className="error-summary__list">
          {fields.map((field) => (
            <li key={field.key}>
              <a
                href={field.href}
                onClick={(event) => {
                  // the field itself, never the address: the wizard's path stays as it is
                  event.preventDefault();
                  const element = formRef.current?.querySelector(`[data-field="${field.key}"]`);
                  if (element) focusTargetOf(element)?.focus();
                }}
              >
                {field.message}
              </a>
            </li>
          ))}
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

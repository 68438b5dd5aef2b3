import type { FieldTextProps } from './field-parts.tsx';

/** What a react-aria field of the site (a tick box, a group of them, a yes/no question) takes besides its value. */
export interface FieldFrameProps extends Pick<FieldTextProps, 'error' | 'isRequired'> {
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly className?: string;
  readonly 'data-field'?: string;
}

/**
 * The props of such a field's react-aria container: the classes `field`, `kind` and the caller's,
 * the data-field the form finds its first error by, and invalid while it shows an error. The form
 * draws its own errors (validationBehavior "aria": the browser never blocks a submission).
 */
export function fieldFrameProps(
  kind: string,
  { error, isRequired, onBlur, name, className, 'data-field': dataField }: FieldFrameProps,
) {
  return {
    className: ['field', kind, className ?? ''].filter(Boolean).join(' '),
    'data-field': dataField,
    onBlur,
    name,
    isRequired,
    isInvalid: Boolean(error),
    validationBehavior: 'aria' as const,
  };
}

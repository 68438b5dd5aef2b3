import { FieldError, Label, Text } from 'react-aria-components';
import type { ReactNode } from 'react';

/** The parts every form control shares: its label, its help text and its error, in the site's look. */

export interface FieldTextProps {
  /** the visible label; every control has one */
  readonly label: ReactNode;
  /** help under the label, linked to the control (aria-describedby) */
  readonly description?: ReactNode;
  /** the localized message; when set the control is invalid and the message is linked to it */
  readonly error?: string | undefined;
  /** marked with an asterisk; screen readers hear it from aria-required */
  readonly isRequired?: boolean;
}

/** The label of a react-aria field (a label, or a span where the field is a group). */
export function FieldLabel({ label, isRequired }: { label: ReactNode; isRequired?: boolean | undefined }) {
  return (
    <Label className="field__label">
      {label}
      {isRequired ? <RequiredMark /> : null}
    </Label>
  );
}

export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

export function FieldHelp({ description, error }: Pick<FieldTextProps, 'description' | 'error'>) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{error}</FieldError>
    </>
  );
}

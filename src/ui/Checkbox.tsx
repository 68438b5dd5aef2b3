import { CheckboxButton, CheckboxField } from 'react-aria-components';
import type { ReactNode } from 'react';
import { FieldHelp, RequiredMark, type FieldTextProps } from './field-parts.tsx';
import './form-controls.css';

export interface CheckboxProps extends Omit<FieldTextProps, 'label'> {
  /** the label; keep links out of it (a press on the label ticks the box): put them in `description` */
  readonly children: ReactNode;
  readonly isSelected: boolean;
  readonly onChange: (isSelected: boolean) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly className?: string;
  readonly 'data-field'?: string;
}

/** One tick box with its label, help and error (react-aria CheckboxField); never ticked by default. */
export function Checkbox({
  children,
  description,
  error,
  isRequired,
  isSelected,
  onChange,
  onBlur,
  name,
  className,
  'data-field': dataField,
}: CheckboxProps) {
  return (
    <CheckboxField
      className={['field', 'check', className ?? ''].filter(Boolean).join(' ')}
      data-field={dataField}
      isSelected={isSelected}
      onChange={onChange}
      onBlur={onBlur}
      name={name}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <CheckboxButton className="check__button">
        <span className="check__box" aria-hidden="true" />
        <span className="check__label">
          {children}
          {isRequired ? <RequiredMark /> : null}
        </span>
      </CheckboxButton>
      <div className="check__help">
        <FieldHelp description={description} error={error} />
      </div>
    </CheckboxField>
  );
}

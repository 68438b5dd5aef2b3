import { Input, TextField as AriaTextField } from 'react-aria-components';
import type { ReactNode, Ref } from 'react';
import { FieldHelp, FieldLabel, type FieldTextProps } from './field-parts.tsx';
import './form-controls.css';

export interface TextFieldProps extends FieldTextProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly type?: 'text' | 'email' | 'tel';
  readonly inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel';
  readonly autoComplete?: string;
  readonly name?: string;
  readonly maxLength?: number;
  /** shown after the input, e.g. the currency */
  readonly suffix?: ReactNode;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly className?: string;
  /** the form's name for the field: focus goes to the first invalid one */
  readonly 'data-field'?: string;
}

/** A labelled one-line text input (react-aria TextField) with its help text and error. */
export function TextField({
  label,
  description,
  error,
  isRequired,
  value,
  onChange,
  onBlur,
  type = 'text',
  inputMode,
  autoComplete,
  name,
  maxLength,
  suffix,
  inputRef,
  className,
  'data-field': dataField,
}: TextFieldProps) {
  return (
    <AriaTextField
      className={['field', className ?? ''].filter(Boolean).join(' ')}
      data-field={dataField}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      name={name}
      maxLength={maxLength}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className={suffix ? 'field__control field__control--suffixed' : 'field__control'}>
        <Input ref={inputRef} className="field__input" spellCheck={type === 'text' ? undefined : false} />
        {suffix ? (
          <span className="field__suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

import { Checkbox as AriaCheckbox, CheckboxGroup as AriaCheckboxGroup } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from './field-parts.tsx';
import type { SelectOption } from './Select.tsx';
import './form-controls.css';

export interface CheckboxGroupProps extends FieldTextProps {
  readonly options: readonly SelectOption[];
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly className?: string;
  readonly 'data-field'?: string;
}

/** Several answers of one question (react-aria CheckboxGroup), in the order given. */
export function CheckboxGroup({
  label,
  description,
  error,
  isRequired,
  options,
  value,
  onChange,
  onBlur,
  name,
  className,
  'data-field': dataField,
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      className={['field', 'check-group', className ?? ''].filter(Boolean).join(' ')}
      data-field={dataField}
      value={[...value]}
      onChange={onChange}
      onBlur={onBlur}
      name={name}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="check-group__options">
        {options.map((option) => (
          <AriaCheckbox key={option.id} value={option.id} className="check__button check-group__option">
            <span className="check__box" aria-hidden="true" />
            <span className="check__label">{option.label}</span>
          </AriaCheckbox>
        ))}
      </div>
      <FieldHelp description={description} error={error} />
    </AriaCheckboxGroup>
  );
}

import { Checkbox as AriaCheckbox, CheckboxGroup as AriaCheckboxGroup } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from './field-parts.tsx';
import { fieldFrameProps, type FieldFrameProps } from './field-frame.ts';
import type { SelectOption } from './Select.tsx';
import './form-controls.css';

export interface CheckboxGroupProps extends FieldTextProps, FieldFrameProps {
  readonly options: readonly SelectOption[];
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
}

/** Several answers of one question (react-aria CheckboxGroup), in the order given. */
export function CheckboxGroup({ label, description, options, value, onChange, ...field }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup {...fieldFrameProps('check-group', field)} value={[...value]} onChange={onChange}>
      <FieldLabel label={label} isRequired={field.isRequired} />
      <div className="check-group__options">
        {options.map((option) => (
          <AriaCheckbox key={option.id} value={option.id} className="check__button check-group__option">
            <span className="check__box" aria-hidden="true" />
            <span className="check__label">{option.label}</span>
          </AriaCheckbox>
        ))}
      </div>
      <FieldHelp description={description} error={field.error} />
    </AriaCheckboxGroup>
  );
}

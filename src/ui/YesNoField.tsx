import { Radio, RadioGroup } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from './field-parts.tsx';
import { fieldFrameProps, type FieldFrameProps } from './field-frame.ts';
import './form-controls.css';
import './choice-pill.css';

export interface YesNoFieldProps extends FieldTextProps, FieldFrameProps {
  /** null until the person answers: neither button is chosen at the start */
  readonly value: boolean | null;
  readonly onChange: (value: boolean) => void;
  readonly yesLabel: string;
  readonly noLabel: string;
}

const toKey = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');

/**
 * A yes/no question answered with two buttons: a react-aria RadioGroup (arrow keys move between
 * the answers, the group is one tab stop once answered) drawn as a pair of buttons.
 */
export function YesNoField({ label, description, value, onChange, yesLabel, noLabel, ...field }: YesNoFieldProps) {
  return (
    <RadioGroup
      {...fieldFrameProps('yes-no', field)}
      value={toKey(value)}
      onChange={(key) => onChange(key === 'yes')}
      orientation="horizontal"
    >
      <FieldLabel label={label} isRequired={field.isRequired} />
      <div className="yes-no__options">
        <Radio value="yes" className="choice-pill yes-no__option">
          {yesLabel}
        </Radio>
        <Radio value="no" className="choice-pill yes-no__option">
          {noLabel}
        </Radio>
      </div>
      <FieldHelp description={description} error={field.error} />
    </RadioGroup>
  );
}

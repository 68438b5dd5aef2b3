import { Radio, RadioGroup } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from './field-parts.tsx';
import './form-controls.css';
import './choice-pill.css';

export interface YesNoFieldProps extends FieldTextProps {
  /** null until the person answers: neither button is chosen at the start */
  readonly value: boolean | null;
  readonly onChange: (value: boolean) => void;
  readonly onBlur?: () => void;
  readonly yesLabel: string;
  readonly noLabel: string;
  readonly name?: string;
  readonly className?: string;
  readonly 'data-field'?: string;
}

const toKey = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');

/**
 * A yes/no question answered with two buttons: a react-aria RadioGroup (arrow keys move between
 * the answers, the group is one tab stop once answered) drawn as a pair of buttons.
 */
export function YesNoField({
  label,
  description,
  error,
  isRequired,
  value,
  onChange,
  onBlur,
  yesLabel,
  noLabel,
  name,
  className,
  'data-field': dataField,
}: YesNoFieldProps) {
  return (
    <RadioGroup
      className={['field', 'yes-no', className ?? ''].filter(Boolean).join(' ')}
      data-field={dataField}
      value={toKey(value)}
      onChange={(key) => onChange(key === 'yes')}
      onBlur={onBlur}
      name={name}
      orientation="horizontal"
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="yes-no__options">
        <Radio value="yes" className="choice-pill yes-no__option">
          {yesLabel}
        </Radio>
        <Radio value="no" className="choice-pill yes-no__option">
          {noLabel}
        </Radio>
      </div>
      <FieldHelp description={description} error={error} />
    </RadioGroup>
  );
}

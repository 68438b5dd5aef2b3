import { TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../../../ui/field-parts.tsx';
import '../../../ui/form-controls.css';

interface TextAreaProps extends FieldTextProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
}

/** A labelled text of several lines (react-aria TextField with a TextArea), linked help and error like the rest. */
export function TextArea({ label, description, error, isRequired, value, onChange, maxLength }: TextAreaProps) {
  return (
    <AriaTextField
      className="field"
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field__control">
        <AriaTextArea className="field__input staff-textarea" rows={4} />
      </div>
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

import { CheckboxButton, CheckboxField } from 'react-aria-components';
import type { ReactNode } from 'react';
import { FieldHelp, RequiredMark, type FieldTextProps } from './field-parts.tsx';
import { fieldFrameProps, type FieldFrameProps } from './field-frame.ts';
import './form-controls.css';

export interface CheckboxProps extends Omit<FieldTextProps, 'label'>, FieldFrameProps {
  /** the label; keep links out of it (a press on the label ticks the box): put them in `description` */
  readonly children: ReactNode;
  readonly isSelected: boolean;
  readonly onChange: (isSelected: boolean) => void;
}

/** One tick box with its label, help and error (react-aria CheckboxField); ticked as its caller says, never by itself. */
export function Checkbox({ children, description, isSelected, onChange, ...field }: CheckboxProps) {
  return (
    <CheckboxField {...fieldFrameProps('check', field)} isSelected={isSelected} onChange={onChange}>
      <CheckboxButton className="check__button">
        <span className="check__box" aria-hidden="true" />
        <span className="check__label">
          {children}
          {field.isRequired ? <RequiredMark /> : null}
        </span>
      </CheckboxButton>
      <div className="check__help">
        <FieldHelp description={description} error={field.error} />
      </div>
    </CheckboxField>
  );
}

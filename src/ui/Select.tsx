import { useId, type ChangeEvent } from 'react';
import { RequiredMark, type FieldTextProps } from './field-parts.tsx';
import './form-controls.css';

export interface SelectOption {
  readonly id: string;
  /** what the list shows */
  readonly label: string;
}

export interface SelectSection {
  readonly id: string;
  readonly title: string;
  readonly options: readonly SelectOption[];
}

export interface SelectProps extends FieldTextProps {
  readonly value: string | null;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  /** the options, or `sections` of them */
  readonly options?: readonly SelectOption[];
  readonly sections?: readonly SelectSection[];
  /** shown while nothing is chosen */
  readonly placeholder: string;
  readonly name?: string;
  readonly autoComplete?: string;
  readonly className?: string;
  readonly 'data-field'?: string;
}

const Options = ({ options }: { options: readonly SelectOption[] }) =>
  options.map((option) => (
    <option key={option.id} value={option.id}>
      {option.label}
    </option>
  ));

/**
 * A pick-one list: the browser's own select, so phones open their native picker, keyboards and
 * screen readers know it, and it costs no script (react-aria's Select with its list box and
 * popover weighs about 40 kB gzip, a quarter of the first step's budget). Label, help and error
 * are linked like those of the react-aria fields, and it looks like them.
 */
export function Select({
  label,
  description,
  error,
  isRequired,
  value,
  onChange,
  onBlur,
  options,
  sections,
  placeholder,
  name,
  autoComplete,
  className,
  'data-field': dataField,
}: SelectProps) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div
      className={['field', 'select', className ?? ''].filter(Boolean).join(' ')}
      data-field={dataField}
      data-invalid={error ? true : undefined}
    >
      <label className="field__label" htmlFor={id}>
        {label}
        {isRequired ? <RequiredMark /> : null}
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__input select__input"
          value={value ?? ''}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
          onBlur={onBlur}
          name={name}
          autoComplete={autoComplete}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {sections
            ? sections.map((section) => (
                <optgroup key={section.id} label={section.title}>
                  <Options options={section.options} />
                </optgroup>
              ))
            : options && <Options options={options} />}
        </select>
        <span className="select__chevron" aria-hidden="true" />
      </div>
      {description ? (
        <span className="field__description" id={`${id}-description`}>
          {description}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

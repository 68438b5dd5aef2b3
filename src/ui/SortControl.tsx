import { Label, Radio, RadioGroup } from 'react-aria-components';
import './display.css';
import './choice-pill.css';

export interface SortOption<K extends string> {
  readonly id: K;
  readonly label: string;
}

export interface SortControlProps<K extends string> {
  /** "Kārtot pēc" */
  readonly label: string;
  readonly options: readonly SortOption<K>[];
  readonly value: K;
  readonly onChange: (value: K) => void;
}

/**
 * One of a few orders, as react-aria's radio group drawn as a row of segments: arrow keys move between
 * them, the chosen one is checked for screen readers and filled for the eye.
 */
export function SortControl<K extends string>({ label, options, value, onChange }: SortControlProps<K>) {
  return (
    <RadioGroup
      className="sort-control"
      orientation="horizontal"
      value={value}
      onChange={(next) => {
        const option = options.find((candidate) => candidate.id === next);
        if (option) onChange(option.id);
      }}
    >
      <Label className="sort-control__label">{label}</Label>
      <div className="sort-control__options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="choice-pill sort-control__option">
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

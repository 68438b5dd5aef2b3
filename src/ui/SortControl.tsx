import { useId } from 'react';
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
  /** checked at first; then the radios keep their own state, as the browser does */
  readonly defaultValue: K;
  /** the order checked, after the browser checked it */
  readonly onChange: (value: K) => void;
}

/**
 * One of a few orders, as a row of segments over the browser's own radio buttons: one name makes them a group, so
 * Tab reaches the checked one and the arrow keys move and check, as react-aria's RadioGroup did; the chosen one is
 * checked for screen readers and filled for the eye. Native rather than react-aria: its press and focus handling
 * re-rendered the group on pointerdown, focus and click, 30–60 ms of script before a slow phone painted the new order.
 * Uncontrolled: the browser checks the pressed radio and paints it before any render (a controlled radio would be
 * set back to the old order until React rendered the new one).
 */
export function SortControl<K extends string>({ label, options, defaultValue, onChange }: SortControlProps<K>) {
  const labelId = useId();
  const name = useId();
  return (
    <div className="sort-control" role="radiogroup" aria-labelledby={labelId} aria-orientation="horizontal">
      <span id={labelId} className="sort-control__label">
        {label}
      </span>
      <div className="sort-control__options">
        {options.map((option) => (
          <label key={option.id} className="choice-pill sort-control__option">
            <input
              type="radio"
              className="sort-control__input"
              name={name}
              value={option.id}
              defaultChecked={option.id === defaultValue}
              onChange={() => onChange(option.id)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}

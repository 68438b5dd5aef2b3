import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';
import './display.css';

export interface ProgressBarProps {
  /** names the bar for everyone; shown above it unless `hideLabel` */
  readonly label: string;
  readonly hideLabel?: boolean;
  /** a bar with no known end: "something is happening" */
  readonly isIndeterminate?: boolean;
  readonly value?: number;
  readonly maxValue?: number;
  /** the value in words ("5 of 16 answered"): shown beside the label and read instead of a percentage */
  readonly valueLabel?: string;
}

/**
 * react-aria's progress bar (role="progressbar", value and value text announced on focus or query, never
 * pushed: a bar that changes is not a live region).
 */
export function ProgressBar({
  label,
  hideLabel = false,
  isIndeterminate = false,
  value = 0,
  maxValue = 100,
  valueLabel,
}: ProgressBarProps) {
  return (
    <AriaProgressBar
      className={`progress${isIndeterminate ? ' progress--indeterminate' : ''}`}
      isIndeterminate={isIndeterminate}
      value={value}
      minValue={0}
      maxValue={Math.max(maxValue, 1)}
      {...(valueLabel === undefined ? {} : { valueLabel })}
    >
      {({ percentage }) => (
        <>
          <div className={hideLabel ? 'visually-hidden' : 'progress__head'}>
            <Label className="progress__label">{label}</Label>
            {valueLabel && !isIndeterminate ? <span className="progress__value">{valueLabel}</span> : null}
          </div>
          <div className="progress__track" aria-hidden="true">
            <div
              className="progress__fill"
              style={isIndeterminate ? undefined : { width: `${Math.round(percentage ?? 0)}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}

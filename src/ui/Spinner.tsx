import './display.css';

/**
 * A small turning circle inside a busy control, for the eye only: react-aria's Button with `isPending`
 * already tells screen readers that the control is busy.
 */
export function Spinner() {
  return (
    <span className="spinner" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" className="spinner__circle">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

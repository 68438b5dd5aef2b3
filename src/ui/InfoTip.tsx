import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import './form-controls.css';

export interface InfoTipProps {
  /** the button's text: the question the tip answers */
  readonly label: string;
  readonly children: ReactNode;
}

/**
 * A toggletip: a button that shows a short explanation right below it and hides it again (a
 * second press, or Escape). Reachable by keyboard; the button says whether the text is shown and
 * which text it controls. Inline rather than in a popover, so it needs no overlay code.
 */
export function InfoTip({ label, children }: InfoTipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <div className="info-tip" onKeyDown={closeOnEscape}>
      <Button
        variant="ghost"
        className="info-tip__button"
        aria-expanded={open}
        aria-controls={id}
        onPress={() => setOpen((shown) => !shown)}
      >
        <span className="info-tip__icon" aria-hidden="true">
          i
        </span>
        {label}
      </Button>
      <div id={id} className="info-tip__bubble" role="note" aria-label={label} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

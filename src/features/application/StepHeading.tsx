import type { ReactNode } from 'react';

/**
 * The heading of a step. When the step changes, the workflow moves focus here, so a screen reader
 * announces the new step and the keyboard starts from the top of it.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="step-heading" tabIndex={-1} data-step-heading="">
      {children}
    </h1>
  );
}

import type { ReactNode } from 'react';
import { Button as AriaButton, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from 'react-aria-components';
import './display.css';

export interface DisclosureProps {
  /** the trigger's words: "Citas bankas" */
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly defaultExpanded?: boolean;
  /** the trigger sits in a heading of this level (the page's outline goes on) */
  readonly headingLevel?: 2 | 3 | 4;
}

/**
 * Content behind a button (aria-expanded, aria-controls), react-aria's Disclosure. The panel's content is
 * out of the page until it opens, for the eye and for screen readers alike.
 */
export function Disclosure({ title, children, defaultExpanded = false, headingLevel = 3 }: DisclosureProps) {
  return (
    <AriaDisclosure className="disclosure" defaultExpanded={defaultExpanded}>
      <Heading level={headingLevel} className="disclosure__heading">
        <AriaButton slot="trigger" className="disclosure__trigger">
          <svg className="disclosure__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M8 5l8 7-8 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span>{title}</span>
        </AriaButton>
      </Heading>
      <DisclosurePanel className="disclosure__panel">{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}

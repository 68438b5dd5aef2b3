import { createContext, use, type ReactNode } from 'react';

/** How the workflow is shown: on the site's own pages, or inside a publisher's widget. */
export interface WorkflowPresentation {
  /**
   * In a widget's iframe: the bank, eParaksts and the lender open in a popup or a new tab while the
   * widget stays, so a screen offers to open that page again (a blocked popup, a closed tab).
   */
  readonly embedded: boolean;
  /** how the widget opens such a page, so that its "open again" link opens it the same way */
  readonly openTab?: (url: string) => void;
}

const PresentationContext = createContext<WorkflowPresentation>({ embedded: false });

export function PresentationProvider({
  presentation,
  children,
}: {
  presentation: WorkflowPresentation;
  children: ReactNode;
}) {
  return <PresentationContext value={presentation}>{children}</PresentationContext>;
}

export const usePresentation = (): WorkflowPresentation => use(PresentationContext);

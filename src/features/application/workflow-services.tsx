import { createContext, use, type ReactNode } from 'react';
import type { BrokerClient } from '../../api/broker-client.ts';
import type { CallRequestsClient } from '../../api/call-requests-client.ts';
import type { DocumentsClient } from '../../api/documents-client.ts';

/**
 * What screens ask the broker beside the machine's steps: the lenders an application may go to (the form), a
 * request for human review of a decline (the offers), and the answer to a lender's documents request (the banks to
 * share from, the uploads, a tab of the site for a widget). Given by whoever runs the workflow (the site, a widget,
 * a test), so each can bring its own.
 */
export type WorkflowServices = Pick<BrokerClient, 'lenders' | 'requestReview'> &
  Partial<Pick<BrokerClient, 'institutions' | 'createHandoff'>> & {
    readonly documents?: DocumentsClient;
    /** "ask a consultant to call me": the slots and the application's call request */
    readonly calls?: CallRequestsClient;
    /** leaves the page for another address (a bank's consent page); the browser's own by default */
    readonly navigate?: (url: string) => void;
    /** the documents request the page was opened at (a message's link, the account), to bring into view */
    readonly documentsTarget?: string | null;
  };

const ServicesContext = createContext<WorkflowServices | null>(null);

export function WorkflowServicesProvider({ services, children }: { services: WorkflowServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** null where nobody gave them: the form then sends to every lender that serves the loan. */
export function useWorkflowServices(): WorkflowServices | null {
  return use(ServicesContext);
}

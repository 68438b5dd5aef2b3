import { createContext, use, type ReactNode } from 'react';
import type { BrokerClient } from '../../api/broker-client.ts';

/**
 * What screens ask the broker beside the machine's steps: the lenders an application may go to (the form) and a
 * request for human review of a decline (the offers). Given by whoever runs the workflow (the site, a widget, a
 * test), so each can bring its own.
 */
export type WorkflowServices = Pick<BrokerClient, 'lenders' | 'requestReview'>;

const ServicesContext = createContext<WorkflowServices | null>(null);

export function WorkflowServicesProvider({ services, children }: { services: WorkflowServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** null where nobody gave them: the form then sends to every lender that serves the loan. */
export function useWorkflowServices(): WorkflowServices | null {
  return use(ServicesContext);
}

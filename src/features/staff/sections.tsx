import type { ComponentType } from 'react';
import type { StaffMe, StaffRole } from '../../../domain/staff-api.ts';
import { AuditLog } from './AuditLog.tsx';
import { ConsultantHome } from './ConsultantHome.tsx';
import { Complaints } from './compliance/Complaints.tsx';
import { DataRequests } from './compliance/DataRequests.tsx';
import { ReviewRequests } from './compliance/ReviewRequests.tsx';
import { StaffMembers } from './StaffMembers.tsx';
import { CommissionReport } from './reports/CommissionReport.tsx';
import { FunnelReport } from './reports/FunnelReport.tsx';
import { LenderHealthReport } from './reports/LenderHealthReport.tsx';

/** One page of a role's part of /staff: its id is the address's hash, its title the `sections.<id>` words. */
export interface StaffSection {
  readonly id: string;
  readonly Component: ComponentType<{ me: StaffMe }>;
}

/** Each role's pages, the first its landing; a role sees only its own (the server refuses it the others' APIs). */
export const STAFF_SECTIONS: Readonly<Record<StaffRole, readonly StaffSection[]>> = {
  consultant: [{ id: 'calls', Component: ConsultantHome }],
  compliance: [
    { id: 'audit', Component: AuditLog },
    { id: 'dataRequests', Component: DataRequests },
    { id: 'complaints', Component: Complaints },
    { id: 'reviews', Component: ReviewRequests },
  ],
  administrator: [
    { id: 'members', Component: StaffMembers },
    { id: 'funnel', Component: FunnelReport },
    { id: 'lenders', Component: LenderHealthReport },
    { id: 'commissions', Component: CommissionReport },
  ],
};

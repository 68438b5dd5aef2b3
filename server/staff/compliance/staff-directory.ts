import type { StaffDirectoryEntry } from '../../../domain/staff-compliance-api.ts';
import type { Broker } from '../../broker.ts';
import { writeAudit } from '../audit-log.ts';

/** Every member ever added, removed ones too: the audit log names them all, and a search must reach each. */
export async function staffDirectory(broker: Broker, staffId: string): Promise<StaffDirectoryEntry[]> {
  const { rows } = await broker.db.query<{ id: string; name: string; email: string; removed: boolean }>(
    `SELECT id, name, email, removed_at IS NOT NULL AS removed FROM staff_members
     ORDER BY removed_at IS NOT NULL, lower(name), lower(email)`,
  );
  await writeAudit(broker.db, { staffId, action: 'staff.directoryViewed', details: { members: rows.length } });
  return rows;
}

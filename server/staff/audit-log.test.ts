import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../domain/staff-api.ts';
import { auditCsv, GENESIS_HASH, recordHash } from './audit-log.ts';

const fields = {
  seq: 1,
  at: new Date('2026-11-27T12:00:00.000Z'),
  staffId: '00000000-0000-4000-8000-000000000001',
  action: 'staff.added',
  applicationId: null,
  reason: null,
  details: { memberId: 'm', role: 'consultant' },
  prevHash: GENESIS_HASH,
};

describe('the audit log', () => {
  it("hashes a record's canonical fields: jsonb's key order does not matter, every field and the link do", () => {
    const hash = recordHash(fields);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recordHash({ ...fields, details: { role: 'consultant', memberId: 'm' } })).toBe(hash);
    expect(recordHash({ ...fields, reason: 'x' })).not.toBe(hash);
    expect(recordHash({ ...fields, seq: 2 })).not.toBe(hash);
    expect(recordHash({ ...fields, prevHash: hash })).not.toBe(hash);
    expect(recordHash({ ...fields, at: new Date('2026-11-27T12:00:00.001Z') })).not.toBe(hash);
  });

  it('writes CSV a spreadsheet opens as text: quoted where needed, formulas defused', () => {
    const record: AuditRecord = {
      seq: 7,
      at: '2026-11-27T12:00:00.000Z',
      staffId: null,
      staffEmail: null,
      action: 'staff.removed',
      applicationId: null,
      reason: '=HYPERLINK("https://evil.example"), said "bye"',
      details: { memberId: 'm' },
      hash: 'h',
    };
    const [header, row] = auditCsv([record]).replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('seq,at,staffId,staffEmail,action,applicationId,reason,details,hash');
    expect(row).toBe(
      `7,2026-11-27T12:00:00.000Z,,,staff.removed,,"'=HYPERLINK(""https://evil.example""), said ""bye""","{""memberId"":""m""}",h`,
    );
  });
});

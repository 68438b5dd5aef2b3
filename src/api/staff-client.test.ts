import { describe, expect, it } from 'vitest';
import { auditCsvHref } from './staff-client.ts';

describe("the staff page's client", () => {
  it('links the CSV with the search’s filters, the empty ones left out', () => {
    expect(auditCsvHref({})).toBe('/api/staff/audit.csv');
    expect(auditCsvHref({ from: '2026-11-01', action: 'staff.added', applicationId: undefined })).toBe(
      '/api/staff/audit.csv?from=2026-11-01&action=staff.added',
    );
  });
});

import type { ReactNode } from 'react';

/**
 * A staff list as a table. A wide table scrolls on its own on a phone, so its region is focusable: a keyboard
 * scrolls it too, and a screen reader names it by `label` or by the heading `labelledBy` points at.
 */
export function StaffTable({
  label,
  labelledBy,
  headers,
  children,
}: {
  readonly label?: string;
  readonly labelledBy?: string;
  readonly headers: readonly string[];
  /** the rows */
  readonly children: ReactNode;
}) {
  return (
    <div className="staff-table-wrap" role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      <table className="staff-table">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

import type { ReactNode } from 'react';

/** Figures as label and value, one per line (figures.css): an offer's summary on the paid screen and in the account. */
export function FigureList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="figures">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';

/**
 * A column heading: its text, or the text and a class for the column (`num` right-aligns figures); `hidden` for a
 * decorative column screen readers skip.
 */
export type ColumnHeading = string | { label: ReactNode; className?: string; hidden?: boolean };

/**
 * A table's `<thead>`: one row of `<th scope="col">` headings.
 *
 * @example
 * <TableHead columns={['Nama', { label: 'Total', className: 'num' }]} />
 */
export function TableHead({ columns }: { columns: readonly ColumnHeading[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          typeof column === 'string' ? (
            <th key={index} scope="col">
              {column}
            </th>
          ) : (
            <th
              key={index}
              scope="col"
              className={column.className}
              aria-hidden={column.hidden ? true : undefined}
            >
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A right-aligned figure column's heading. */
export const numColumn = (label: string): ColumnHeading => ({ label, className: 'num' });

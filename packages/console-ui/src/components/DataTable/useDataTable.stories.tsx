import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Pagination } from './Pagination.js';
import { useDataTable } from './useDataTable.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { pageSummary } from './model.js';

interface Creator {
  id: string;
  name: string;
  followers: number;
}

const creators: Creator[] = Array.from({ length: 12 }, (_, index) => ({
  id: `c${index + 1}`,
  name: ['Budi', 'Ani', 'Citra', 'Dewi', 'Eko', 'Fajar'][index % 6]! + ` ${index + 1}`,
  followers: (index * 7919) % 1000,
}));

/** A table of one's own markup over the headless hook, with the library's Pagination below. */
function HeadlessTable({ pageSize = 5 }: { pageSize?: number }) {
  const table = useDataTable<Creator>({
    rows: creators,
    columns: [
      { id: 'name', header: 'Name', sortable: true },
      { id: 'followers', header: 'Followers', sortable: true },
    ],
    defaultPageSize: pageSize,
  });
  // Uncontrolled, the hook sorts and pages itself: `rows` is the page shown, `allRows` every sorted row.
  const pageRows = table.rows;
  return (
    <div>
      <table aria-label="Creators (headless)">
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th
                key={column.id}
                aria-sort={
                  table.sort?.field === column.id
                    ? table.sort.direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : 'none'
                }
              >
                <button type="button" onClick={() => table.toggleSort(column.id)}>
                  {column.header}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pageRows.map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>{row.followers}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        count={pageRows.length}
        total={table.allRows.length}
        page={table.page}
        pageSize={table.pageSize}
        pageSizeOptions={[5, 10]}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
      />
    </div>
  );
}

const meta = {
  title: 'Data/useDataTable (headless)',
  component: HeadlessTable,
} satisfies Meta<typeof HeadlessTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Client-side sort and paging from the hook; the markup is the host's. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(pageSummary(1, 5, 5, 12, false, messagesIn({ globals }, 'dataTable').pageSummary)),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Followers' }));
    const firstCell = () => canvas.getAllByRole('row')[1]!.querySelectorAll('td')[1]!.textContent;
    await expect(Number(firstCell())).toBe(Math.min(...creators.map((c) => c.followers)));
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'dataTable').nextPage }),
    );
    await expect(
      canvas.getByText(pageSummary(2, 5, 5, 12, false, messagesIn({ globals }, 'dataTable').pageSummary)),
    ).toBeVisible();
  },
};

import { ApiError } from '@ec/client/api-error';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { DataTable } from './data-table';
import type { DataTableColumn, DataTableQuery } from './data-table-types';
// Loaded with this file: the paging footer, which the list loads on demand, would otherwise be
// compiled at its first use, past findBy's 5 s on a loaded machine (the whole suite's CI run).
import './data-table-footer';

interface Studio {
  id: string;
  name: string;
  seats: number;
}

const studio = (id: number, name = `Studio ${id}`, seats = id): Studio => ({ id: String(id), name, seats });

const columns: DataTableColumn<Studio>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
  { id: 'seats', header: 'Seats', cell: (row) => row.seats, sortValue: (row) => row.seats },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (row) => <button type="button">Open {row.name}</button>,
  },
];

const query = (overrides: Partial<DataTableQuery> = {}): DataTableQuery => ({
  isLoading: false,
  isFetching: false,
  isSuccess: true,
  error: null,
  refetch: vi.fn(),
  ...overrides,
});

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Studios' }))
    .getAllByRole('row')
    .slice(1);
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const renderTable = (props: Partial<Parameters<typeof DataTable<Studio>>[0]> = {}) =>
  render(
    <DataTable
      label="Studios"
      columns={columns}
      rows={[]}
      rowKey={(row) => row.id}
      emptyText="No studios"
      {...props}
    />,
  );

/** A list paged by tokens the way the pages use it: the page's rows come from the token asked for. */
function TokenPagedStudios() {
  const paging = useTokenPagination(null);
  const pages: Record<string, { rows: Studio[]; next: string | null }> = {
    first: { rows: [studio(1), studio(2)], next: 'page-2' },
    'page-2': { rows: [studio(3)], next: null },
  };
  const page = pages[paging.token ?? 'first']!;
  return (
    <DataTable
      label="Studios"
      columns={columns}
      rows={page.rows}
      rowKey={(row) => row.id}
      emptyText="No studios"
      query={query()}
      paging={{ kind: 'token', state: paging, nextToken: page.next, pageSize: 2 }}
    />
  );
}

describe('DataTable', () => {
  it('shows skeleton rows in the shape of the rows while loading, and no count', () => {
    renderTable({
      query: query({ isLoading: true, isSuccess: false, isFetching: true }),
      paging: {
        kind: 'token',
        state: { page: 0, token: null, next: vi.fn(), previous: vi.fn(), first: vi.fn() },
        nextToken: null,
        pageSize: 25,
      },
    });
    const table = screen.getByRole('table', { name: 'Studios' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    const skeletonRows = table.querySelectorAll('tbody tr[aria-hidden="true"]');
    expect(skeletonRows).toHaveLength(10);
    expect(skeletonRows[0]!.querySelectorAll('td')).toHaveLength(columns.length);
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    expect(screen.queryByText('No studios')).not.toBeInTheDocument();
  });

  it("shows a refetch's progress over the list's top edge, taking no room from the rows", () => {
    const list = (fetching: boolean) => (
      <DataTable
        label="Studios"
        columns={columns}
        rows={[studio(1)]}
        rowKey={(row) => row.id}
        emptyText="No studios"
        query={query({ isFetching: fetching })}
      />
    );
    const { rerender } = render(list(false));
    const table = screen.getByRole('table', { name: 'Studios' });
    rerender(list(true));
    const progress = screen.getByRole('progressbar', { name: 'Loading studios' });
    // Out of the flow, and the table where it was (not re-mounted below a new sibling).
    expect(getComputedStyle(progress).position).toBe('absolute');
    expect(screen.getByRole('table', { name: 'Studios' })).toBe(table);
  });

  it("shows the list's own empty text once loaded", () => {
    renderTable({ query: query() });
    expect(screen.getByRole('cell', { name: 'No studios' })).toBeInTheDocument();
    expect(screen.queryByText(/of 0/)).not.toBeInTheDocument();
  });

  it('shows the parsed error text instead of the empty text, and Retry refetches', async () => {
    const refetch = vi.fn();
    const error = new ApiError(500, { message: 'Internal error' });
    renderTable({ query: query({ isSuccess: false, error, refetch }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Internal error');
    expect(screen.queryByText('No studios')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('goes to the next page with its token and back', async () => {
    const user = userEvent.setup();
    render(<TokenPagedStudios />);
    expect(names()).toEqual(['Studio 1', 'Studio 2']);
    // The server sorts what it pages: no sort buttons on one page of it.
    expect(screen.queryByRole('button', { name: 'Name' })).not.toBeInTheDocument();
    // The paging footer loads on demand (deferred-footer.tsx).
    expect(await screen.findByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['Studio 3']);
    expect(screen.getByText('3–3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(names()).toEqual(['Studio 1', 'Studio 2']);
  });

  it('pages a list read whole in the browser, with All, and hides the footer when one page holds it', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 12 }, (_, index) => studio(index + 1));
    const { rerender } = renderTable({ rows, paging: { kind: 'client', pageSizes: [10, 25, -1] } });
    expect(bodyRows()).toHaveLength(10);
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['Studio 11', 'Studio 12']);
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(bodyRows()).toHaveLength(12);

    rerender(
      <DataTable
        label="Studios"
        columns={columns}
        rows={rows.slice(0, 10)}
        rowKey={(row) => row.id}
        emptyText="No studios"
        paging={{ kind: 'client', pageSizes: [10, 25, -1] }}
      />,
    );
    expect(screen.queryByText(/Rows per page/)).not.toBeInTheDocument();
  });

  it('sorts by a column header, ascending then descending', async () => {
    const user = userEvent.setup();
    renderTable({
      rows: [studio(1, 'Beta', 9), studio(2, 'Alpha', 20), studio(3, 'Gamma', 3)],
      defaultSort: { columnId: 'name', direction: 'asc' },
    });
    expect(names()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Seats' }));
    expect(names()).toEqual(['Gamma', 'Beta', 'Alpha']);
    await user.click(screen.getByRole('button', { name: 'Seats' }));
    expect(names()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByRole('columnheader', { name: 'Seats' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('selects rows one by one and all on the page, with labelled checkboxes', async () => {
    const user = userEvent.setup();
    const rows = [studio(1), studio(2)];
    function Selectable() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
      return (
        <DataTable
          label="Studios"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          emptyText="No studios"
          selection={{
            selected,
            onToggle: (row) =>
              setSelected((current) => {
                const next = new Set(current);
                if (!next.delete(row.id)) next.add(row.id);
                return next;
              }),
            onToggleAll: (checked, pageRows) =>
              setSelected(new Set(checked ? pageRows.map((row) => row.id) : [])),
            rowLabel: (row) => `Select ${row.name}`,
            allLabel: 'Select all studios on this page',
          }}
        />
      );
    }
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all studios on this page' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Studio 1' }));
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(screen.getByRole('checkbox', { name: 'Select Studio 2' })).toBeChecked();
    await user.click(all);
    expect(screen.getByRole('checkbox', { name: 'Select Studio 1' })).not.toBeChecked();
  });

  it('becomes cards of label and value pairs on a phone', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((media: string) => ({
        matches: media.includes('max-width'),
        media,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
      })),
    );
    renderTable({ rows: [studio(1, 'Alpha', 20)] });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Studios' })).getByRole('listitem');
    expect(within(card).getByText('Name').tagName).toBe('DT');
    expect(within(card).getByText('Alpha').tagName).toBe('DD');
    expect(within(card).getByText('Seats').nextElementSibling).toHaveTextContent('20');
    expect(within(card).queryByText('Actions')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Open Alpha' })).toBeInTheDocument();
  });
});

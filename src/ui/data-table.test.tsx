import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, pageRangeText, type DataTableColumn, type DataTableProps } from './data-table';
import { EmptyState } from './empty-state';
import { renderWithTheme, seriousAxeViolations } from './test-utils';

interface Person {
  id: number;
  name: string;
  email: string;
}

const columns: DataTableColumn<Person>[] = [
  { key: 'name', header: 'Name', sortField: 'last_name' },
  { key: 'email', header: 'Email', render: (p) => <a href={`mailto:${p.email}`}>{p.email}</a> },
];
const rows: Person[] = [
  { id: 1, name: 'Ann Lee', email: 'ann@example.com' },
  { id: 2, name: 'Bo Kim', email: 'bo@example.com' },
];

/** The people above as the table named Users; `props` add to it or change it (paging, ordering, columns). */
function UsersTable(props: Partial<DataTableProps<Person>>) {
  return <DataTable caption="Users" columns={columns} rows={rows} rowKey={(p) => p.id} {...props} />;
}

describe('DataTable', () => {
  it('renders a named table with header and one row per item, cells labelled for stacked cards', async () => {
    const { container } = renderWithTheme(<UsersTable />);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: 'Ann Lee' })).toHaveAttribute('data-label', 'Name');
    expect(screen.getByRole('link', { name: 'bo@example.com' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows the empty state when there are no rows', () => {
    renderWithTheme(<UsersTable rows={[]} empty={<EmptyState title="No users yet" />} />);
    expect(screen.getByText('No users yet')).toBeInTheDocument();
  });

  it('shows loading instead of the empty state while loading', () => {
    renderWithTheme(<UsersTable rows={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('Nothing here yet')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('pages on the server with limit, offset and count', async () => {
    const onOffsetChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithTheme(<UsersTable paging={{ limit: 2, offset: 0, count: 5, onOffsetChange }} />);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('1–2 of 5');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onOffsetChange).toHaveBeenCalledWith(2);
    rerender(<UsersTable paging={{ limit: 2, offset: 4, count: 5, onOffsetChange }} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('5–5 of 5');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(2);
  });

  it('asks the server for another ordering from a sortable header', async () => {
    const onOrderingChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithTheme(<UsersTable onOrderingChange={onOrderingChange} />);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('last_name');
    rerender(<UsersTable ordering="last_name" onOrderingChange={onOrderingChange} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('-last_name');
  });

  it('keeps a sort control when rows stack as cards: a "Sort by" select with each sortable column both ways', async () => {
    const onOrderingChange = vi.fn();
    const user = userEvent.setup();
    const sortable: DataTableColumn<Person>[] = [...columns, { key: 'id', header: 'Added', sortField: 'created_at' }];
    const { container } = renderWithTheme(
      <UsersTable columns={sortable} ordering="last_name" onOrderingChange={onOrderingChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Name, ascending', 'Name, descending', 'Added, ascending', 'Added, descending']);
    expect(select).toHaveValue('last_name');
    await user.selectOptions(select, 'Added, descending');
    expect(onOrderingChange).toHaveBeenLastCalledWith('-created_at');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('has no sort control without a sortable column or without onOrderingChange', () => {
    const { unmount } = renderWithTheme(<UsersTable />);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    unmount();
    renderWithTheme(<UsersTable columns={[columns[1]]} onOrderingChange={vi.fn()} />);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  });

  it('formats the page range', () => {
    expect(pageRangeText(50, 0, 0)).toBe('0 of 0');
    expect(pageRangeText(50, 50, 120)).toBe('51–100 of 120');
  });
});

import { DataTable, type DataTableProps } from '../ui/data-table';
import { EmptyState, type EmptyStateProps } from '../ui/empty-state';
import type { List } from './use-list';

export interface ListTableProps<Row> extends Omit<
  DataTableProps<Row>,
  'rows' | 'loading' | 'paging' | 'ordering' | 'onOrderingChange' | 'empty'
> {
  /** The list from `useList`: its rows, loading, paging and ordering. */
  list: Pick<List<Row, Record<string, string>>, 'table' | 'filtered'>;
  /** What an empty list says while nothing narrows it (often with the way to add the first). */
  empty: EmptyStateProps;
  /** What it says when a search or a filter matches nothing (no action: the way out is the filters). */
  noMatch: Omit<EmptyStateProps, 'action'>;
}

/** A list page's table: the rows of `useList`, and an empty state that tells "none yet" from "none match". */
export function ListTable<Row>({ list, empty, noMatch, ...table }: ListTableProps<Row>) {
  return <DataTable {...table} {...list.table} empty={<EmptyState {...(list.filtered ? noMatch : empty)} />} />;
}

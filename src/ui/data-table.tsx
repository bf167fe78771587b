import styled from '@emotion/styled';
import { useId, type Key, type ReactNode } from 'react';
import { PageButtons } from './page-buttons';
import { EmptyState } from './empty-state';
import { Select } from './fields';
import { VisuallyHidden, visuallyHidden } from './visually-hidden';

export interface DataTableColumn<Row> {
  /** Unique key of the column. */
  key: string;
  /** Header text (also the label of the value when rows stack as cards on a phone). */
  header: string;
  /** Cell content; default: `row[key]`. */
  render?: (row: Row) => ReactNode;
  /** Server ordering field; makes the header a sort button (`ordering` / `onOrderingChange`). */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  width?: string;
  /** Hide the label on stacked cards (e.g. for an actions column). */
  hideLabelOnCards?: boolean;
}

export interface DataTablePaging {
  limit: number;
  offset: number;
  /** Total number of rows on the server (`count` of the paged answer). */
  count: number;
  /** Asked for another page: the new offset. */
  onOffsetChange: (offset: number) => void;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (rendered as a visually hidden caption unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  loading?: boolean;
  /** Shown when not loading and there are no rows. */
  empty?: ReactNode;
  paging?: DataTablePaging;
  /** Current server ordering, e.g. "last_name" or "-last_name". */
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
}

const Wrapper = styled.div`
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  /* a column is at least as wide as its longest word; a table wider than the page scrolls, not clips */
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    text-align: left;
    padding: ${({ theme }) => theme.spacing(1.5, 2)};
    font-weight: 600;
  }
  /* Named for assistive technology only: no padding, no strip above the header row. */
  caption.visually-hidden {
    ${visuallyHidden}
  }
  th,
  td {
    padding: ${({ theme }) => theme.spacing(1.5, 2)};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
    overflow-wrap: break-word;
  }
  th {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
    background: ${({ theme }) => theme.palette.grey[50]};
    /* a header wraps between words, never inside one ("Employe|e"): the table scrolls sideways instead */
    overflow-wrap: normal;
    word-break: normal;
    hyphens: manual;
  }
  tbody tr:last-of-type td {
    border-bottom: 0;
  }
  ${({ theme }) => theme.mq.down('sm')} {
    thead {
      ${visuallyHidden}
    }
    tbody,
    tr,
    td {
      display: block;
      width: 100%;
    }
    tbody tr {
      padding: ${({ theme }) => theme.spacing(1, 0)};
      border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
    }
    tbody tr:last-of-type {
      border-bottom: 0;
    }
    td {
      display: grid;
      grid-template-columns: minmax(96px, 38%) 1fr;
      gap: ${({ theme }) => theme.spacing(1)};
      padding: ${({ theme }) => theme.spacing(0.75, 2)};
      border-bottom: 0;
      text-align: left !important;
    }
    td[data-label]::before {
      content: attr(data-label);
      font-weight: 600;
      font-size: ${({ theme }) => theme.font.size.sm};
      color: ${({ theme }) => theme.palette.text.secondary};
    }
    td.no-label,
    td.full-row {
      display: block;
    }
  }
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 32px;
  padding: 0;
  text-align: inherit;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: 2px;
  }
`;

/** On a phone the header row is hidden (rows stack as cards): the sort buttons become one "Sort by" select. */
const CardSort = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
  ${({ theme }) => theme.mq.up('sm')} {
    display: none;
  }
  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(1)};
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-top: 1px solid ${({ theme }) => theme.palette.grey[200]};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.palette.text.secondary};
`;

function cellValue<Row>(row: Row, column: DataTableColumn<Row>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/** The page range text: "1–50 of 123". */
export function pageRangeText(limit: number, offset: number, count: number): string {
  if (count === 0) return '0 of 0';
  const first = Math.min(offset + 1, count);
  const last = Math.min(offset + limit, count);
  return `${first}–${last} of ${count}`;
}

/** The choices of the cards' sort select: each sortable column ascending, then descending. */
export function sortChoices<Row>(columns: readonly DataTableColumn<Row>[]): { value: string; label: string }[] {
  return columns.flatMap((column) =>
    column.sortField
      ? [
          { value: column.sortField, label: `${column.header}, ascending` },
          { value: `-${column.sortField}`, label: `${column.header}, descending` },
        ]
      : [],
  );
}

/** The one table component: columns, rows, loading, empty state, server ordering and paging; stacks as cards under 600 px. */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  paging,
  ordering,
  onOrderingChange,
}: DataTableProps<Row>) {
  const sortedField = ordering?.replace(/^-/, '');
  const descending = ordering?.startsWith('-') ?? false;
  const showEmpty = !loading && rows.length === 0;
  const sortId = useId();
  const choices = onOrderingChange ? sortChoices(columns) : [];
  return (
    <Wrapper>
      {choices.length ? (
        <CardSort>
          <label htmlFor={sortId}>Sort by</label>
          <Select id={sortId} value={ordering ?? ''} onChange={(event) => onOrderingChange!(event.target.value)}>
            {choices.some((choice) => choice.value === ordering) ? null : (
              <option value={ordering ?? ''}>Default order</option>
            )}
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </CardSort>
      ) : null}
      <Table aria-busy={loading || undefined}>
        {showCaption ? <caption>{caption}</caption> : <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sortField && column.sortField === sortedField;
              return (
                <th
                  key={column.key}
                  scope="col"
                  style={{ textAlign: column.align, width: column.width }}
                  aria-sort={sorted ? (descending ? 'descending' : 'ascending') : undefined}
                >
                  {column.sortField && onOrderingChange ? (
                    <SortButton
                      type="button"
                      onClick={() =>
                        onOrderingChange(sorted && !descending ? `-${column.sortField}` : column.sortField!)
                      }
                    >
                      {column.header}
                      <span aria-hidden="true">{sorted ? (descending ? '▼' : '▲') : '↕'}</span>
                    </SortButton>
                  ) : column.hideLabelOnCards ? (
                    <VisuallyHidden>{column.header}</VisuallyHidden>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="full-row">
                <span role="status">Loading…</span>
              </td>
            </tr>
          ) : null}
          {showEmpty ? (
            <tr>
              <td colSpan={columns.length} className="full-row">
                {empty ?? <EmptyState />}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={column.hideLabelOnCards ? undefined : column.header}
                  className={column.hideLabelOnCards ? 'no-label' : undefined}
                  style={{ textAlign: column.align }}
                >
                  {cellValue(row, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {loading && rows.length > 0 ? <VisuallyHidden role="status">Loading…</VisuallyHidden> : null}
      {paging && paging.count > 0 ? <Paging {...paging} disabled={loading} /> : null}
    </Wrapper>
  );
}

function Paging({ limit, offset, count, onOffsetChange, disabled }: DataTablePaging & { disabled: boolean }) {
  return (
    <Pager aria-label="Pagination">
      <span aria-live="polite">{pageRangeText(limit, offset, count)}</span>
      <div css={{ display: 'flex', gap: 8 }}>
        <PageButtons limit={limit} offset={offset} count={count} onOffsetChange={onOffsetChange} disabled={disabled} />
      </div>
    </Pager>
  );
}

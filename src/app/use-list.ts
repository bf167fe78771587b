import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { apiErrorDetail } from '../ui/api-error';
import type { DataTablePaging } from '../ui/data-table';
import { useDebouncedValue } from '../ui/use-debounced-value';

/** One page of a list as the API answers it (the generated paged answers share this shape). */
export interface Page<Row> {
  count: number;
  results: Row[];
}

/** What the list asks for: the page, its order, and the search once typing pauses (absent when empty). */
export interface PageQuery<Ordering extends string = string> {
  limit: number;
  offset: number;
  /** Absent when the list has no order of its own to choose. */
  ordering?: Ordering;
  search?: string;
}

export interface ListOptions<
  Row,
  Filters extends Record<string, string>,
  Ordering extends string = string,
  Extra extends object = object,
> {
  /**
   * Loads one page; the page maps the filters (kept as the select boxes' strings) to the operation's query. What
   * the answer says beside its rows (e.g. that its count stops short) is the list's `answer`.
   */
  load: (page: PageQuery<Ordering>, filters: Filters) => Promise<Page<Row> & Extra>;
  pageSize: number;
  /** The first order, e.g. "last_name" or "-created_at"; none for a list in the server's one order. */
  ordering?: Ordering;
  /** The filters' first values ('' means all). */
  filters?: Filters;
  failureText: string;
  /** Whatever else the answer depends on that the list does not hold (e.g. a status kept in the URL); another key starts at the first page. */
  key?: string;
  searchDelayMs?: number;
}

export interface List<
  Row,
  Filters extends Record<string, string>,
  Ordering extends string = string,
  Extra extends object = object,
> {
  rows: Row[];
  count: number;
  /** The latest answer shown, whole; null until the first. */
  answer: (Page<Row> & Extra) | null;
  loading: boolean;
  /** The server's detail (or a network text) when loading failed; the rows shown stay. */
  error: string | null;
  /** Loads the current page again. */
  reload: () => void;
  /** Replaces the rows shown (e.g. one row the server answered after an action). */
  setRows: Dispatch<SetStateAction<Row[]>>;
  /** Adjusts the total after an action the server answered (a row added or gone). */
  setCount: Dispatch<SetStateAction<number>>;
  /** The search box's text; `query` is what was sent. */
  search: string;
  setSearch: (text: string) => void;
  query: string;
  filters: Filters;
  /** Sets one filter and goes back to the first page. */
  setFilter: (name: keyof Filters) => (value: string) => void;
  /** A search or a filter narrows the list (the empty state says "No ... match"). */
  filtered: boolean;
  offset: number;
  setOffset: (offset: number) => void;
  ordering: Ordering | undefined;
  /** Orders the list anew and goes back to the first page. */
  setOrdering: (ordering: string) => void;
  paging: DataTablePaging;
  /** The DataTable props the list owns: rows, loading, paging, and the ordering when the list has one. */
  table: {
    rows: Row[];
    loading: boolean;
    ordering?: string;
    onOrderingChange?: (ordering: string) => void;
    paging: DataTablePaging;
  };
}

const SEARCH_DELAY_MS = 300;
const NO_FILTERS = {};

/**
 * A paged, ordered, searched and filtered list loaded from the server: a changed search, filter or order goes
 * back to the first page, and only the latest request's answer is shown.
 */
export function useList<
  Row,
  Filters extends Record<string, string> = Record<string, never>,
  Ordering extends string = string,
  Extra extends object = object,
>(options: ListOptions<Row, Filters, Ordering, Extra>): List<Row, Filters, Ordering, Extra> {
  const { pageSize, failureText, key = '', searchDelayMs = SEARCH_DELAY_MS } = options;
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(() => (options.filters ?? NO_FILTERS) as Filters);
  // The page belongs to the key it was chosen under: another key starts at the first page.
  const [chosenPage, setChosenPage] = useState({ key, offset: 0 });
  const offset = chosenPage.key === key ? chosenPage.offset : 0;
  const setOffset = useCallback((next: number) => setChosenPage({ key, offset: next }), [key]);
  const [ordering, setOrderingState] = useState(options.ordering);
  const [rows, setRows] = useState<Row[]>([]);
  const [count, setCount] = useState(0);
  const [answer, setAnswer] = useState<(Page<Row> & Extra) | null>(null);
  // The request an answer or a failure settled: loading until the current one is settled.
  const [settled, setSettled] = useState<{ request: string; error: string | null } | null>(null);
  const [generation, setGeneration] = useState(0);
  // A changed search goes back to the first page once typing pauses; the first render does not.
  const query = useDebouncedValue(search.trim(), searchDelayMs, () => setOffset(0));
  const loadRef = useRef(options.load);
  useEffect(() => {
    loadRef.current = options.load;
  });
  const request = JSON.stringify([query, filters, offset, ordering ?? null, key, pageSize, generation]);

  useEffect(() => {
    let active = true;
    // A loader that throws before it has a promise fails like one that rejects: the page says so, no error boundary.
    const pageQuery: PageQuery<Ordering> = {
      limit: pageSize,
      offset,
      ...(ordering === undefined ? {} : { ordering }),
      ...(query ? { search: query } : {}),
    };
    new Promise<Page<Row> & Extra>((resolve) => resolve(loadRef.current(pageQuery, filters))).then(
      (page) => {
        if (!active) return;
        setRows(page.results);
        setCount(page.count);
        setAnswer(page);
        setSettled({ request, error: null });
      },
      (failure: unknown) => {
        if (active) setSettled({ request, error: apiErrorDetail(failure, failureText) });
      },
    );
    return () => {
      active = false;
    };
  }, [query, filters, offset, ordering, pageSize, failureText, request]);
  const loading = settled?.request !== request;
  const error = settled?.request === request ? settled.error : null;

  const setFilter = (name: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setOffset(0);
  };
  const setOrdering = (next: string) => {
    setOrderingState(next as Ordering);
    setOffset(0);
  };
  const paging = { limit: pageSize, offset, count, onOffsetChange: setOffset };

  return {
    rows,
    count,
    answer,
    loading,
    error,
    reload: () => setGeneration((current) => current + 1),
    setRows,
    setCount,
    search,
    setSearch,
    query,
    filters,
    setFilter,
    filtered: !!query || Object.values(filters).some(Boolean),
    offset,
    setOffset,
    ordering,
    setOrdering,
    paging,
    table: { rows, loading, paging, ...(ordering === undefined ? {} : { ordering, onOrderingChange: setOrdering }) },
  };
}

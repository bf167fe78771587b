import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useList, type Page, type PageQuery } from './use-list';
import { useRecord } from './use-record';

const page = (rows: string[], count = rows.length): Page<string> => ({ count, results: rows });

describe('useList', () => {
  it('asks for the first page in its order, and a filter or a new order goes back to the first page', async () => {
    const load = vi.fn(async (query: PageQuery, filters: { status: string }) =>
      page([`${query.offset}:${filters.status}`], 45),
    );
    const { result } = renderHook(() =>
      useList({ load, pageSize: 20, ordering: 'last_name', filters: { status: '' }, failureText: 'Not loaded.' }),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(load).toHaveBeenLastCalledWith({ limit: 20, offset: 0, ordering: 'last_name' }, { status: '' });
    expect(result.current.table.paging).toMatchObject({ limit: 20, offset: 0, count: 45 });

    act(() => result.current.setOffset(20));
    await waitFor(() => expect(result.current.rows).toEqual(['20:']));
    act(() => result.current.setFilter('status')('READY'));
    await waitFor(() => expect(result.current.rows).toEqual(['0:READY']));
    expect(result.current.filtered).toBe(true);

    act(() => result.current.setOffset(20));
    await waitFor(() => expect(result.current.offset).toBe(20));
    act(() => result.current.setOrdering('-last_name'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ limit: 20, offset: 0, ordering: '-last_name' }, { status: 'READY' }),
    );
  });

  it('shows only the latest answer, and keeps the rows beside an error until the next answer', async () => {
    let answerFirst: (value: Page<string>) => void = () => {};
    const load = vi
      .fn<(query: PageQuery) => Promise<Page<string>>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockImplementationOnce(async () => page(['second']))
      .mockImplementationOnce(async () => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useList({ load, pageSize: 20, failureText: 'Not loaded.' }));
    act(() => result.current.setOffset(20));
    await waitFor(() => expect(result.current.rows).toEqual(['second']));
    await act(async () => answerFirst(page(['first'])));
    expect(result.current.rows).toEqual(['second']);
    expect(result.current.table).not.toHaveProperty('onOrderingChange');

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('Not loaded.'));
    expect(result.current.rows).toEqual(['second']);
  });

  it('starts another key at the first page, and hands back the whole answer', async () => {
    const load = vi.fn(async (query: PageQuery) => ({ ...page([String(query.offset)], 45), limited: true }));
    const { result, rerender } = renderHook(
      ({ key }) => useList({ load, pageSize: 20, failureText: 'Not loaded.', key }),
      {
        initialProps: { key: 'PENDING' },
      },
    );
    act(() => result.current.setOffset(20));
    await waitFor(() => expect(result.current.rows).toEqual(['20']));
    expect(result.current.answer?.limited).toBe(true);

    rerender({ key: 'ACCEPTED' });
    expect(result.current.offset).toBe(0);
    await waitFor(() => expect(result.current.rows).toEqual(['0']));
  });
});

describe('useRecord', () => {
  it("asks nothing while disabled, and forgets another key's record when told to", async () => {
    const load = vi.fn(async () => 'record');
    const { result, rerender } = renderHook(
      ({ id, enabled }) =>
        useRecord(() => load().then((data) => `${data} ${id}`), id, 'Not loaded.', { enabled, clearOnNewKey: true }),
      {
        initialProps: { id: 'x', enabled: false },
      },
    );
    expect(result.current.loading).toBe(false);
    expect(load).not.toHaveBeenCalled();

    rerender({ id: '1', enabled: true });
    await waitFor(() => expect(result.current.data).toBe('record 1'));
    rerender({ id: '2', enabled: true });
    expect(result.current.data).toBeNull();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('record 2'));
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('starts with the value and does nothing after the first render', () => {
    const onSettle = vi.fn();
    const { result } = renderHook(() => useDebouncedValue('', 300, onSettle));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSettle).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes a change once it has stayed for the delay, and calls onSettle once with it', () => {
    const onSettle = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300, onSettle), {
      initialProps: { value: '' },
    });
    rerender({ value: 'n' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ni' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ni');
    expect(onSettle).toHaveBeenCalledTimes(1);
    expect(onSettle).toHaveBeenCalledWith('ni');
  });

  it('drops a change that goes back to the settled value before the delay', () => {
    const onSettle = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300, onSettle), {
      initialProps: { value: 'ada' },
    });
    rerender({ value: 'adam' });
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: 'ada' });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe('ada');
    expect(onSettle).not.toHaveBeenCalled();
  });
});

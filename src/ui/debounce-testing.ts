import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * For tests: hold every `window.setTimeout` of `delayMs` (a search box's debounce) until `release()`,
 * so "before the debounce has run" does not depend on how fast the machine renders the page.
 * Other timers run as usual; `window.clearTimeout` cancels held ones. Undone by `vi.restoreAllMocks()`.
 */
export function holdTimers(delayMs: number) {
  const realSet = window.setTimeout.bind(window);
  const realClear = window.clearTimeout.bind(window);
  const held = new Map<number, () => void>();
  let nextId = 1_000_000;
  vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (ms !== delayMs || typeof handler !== 'function') return realSet(handler, ms, ...args);
    const id = nextId++;
    held.set(id, () => (handler as (...rest: unknown[]) => void)(...args));
    return id;
  }) as typeof window.setTimeout);
  vi.spyOn(window, 'clearTimeout').mockImplementation(((id?: number) => {
    if (id !== undefined && held.delete(id)) return;
    realClear(id);
  }) as typeof window.clearTimeout);
  return {
    /** How many such timers are pending. */
    pending: () => held.size,
    /** Runs the pending ones (inside act) as if their time had come. */
    release: () =>
      act(() => {
        const due = [...held.entries()];
        held.clear();
        for (const [, run] of due) run();
      }),
  };
}

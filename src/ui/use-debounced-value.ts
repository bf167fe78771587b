import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (a search box's text → the query sent).
 * Starts equal to `value`, and only a change schedules an update: the first render does not, so
 * nothing that happened meanwhile (an early 'Next') is undone. `onSettle` runs with the new value
 * in the same update (e.g. back to the first page), so both land in one render and one request.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, onSettle?: (value: T) => void): T {
  const [settled, setSettled] = useState(value);
  const onSettleRef = useRef(onSettle);
  useEffect(() => {
    onSettleRef.current = onSettle;
  });

  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => {
      setSettled(value);
      onSettleRef.current?.(value);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [value, settled, delayMs]);

  return settled;
}

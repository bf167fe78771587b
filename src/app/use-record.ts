import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { apiErrorDetail, apiErrorStatus } from '../ui/api-error';

export interface RecordState<Data> {
  data: Data | null;
  loading: boolean;
  /** The server's detail (or a network text) when loading failed. */
  error: string | null;
  status: number | null;
  /** Asks again (what is shown stays until the answer). */
  reload: () => void;
  /** Shows what an action answered (the record saved), without loading it again. */
  setData: Dispatch<SetStateAction<Data | null>>;
}

export interface RecordOptions {
  /** False while there is nothing to ask for (an id that is not a number): no request, and not loading. */
  enabled?: boolean;
  /** Another key is another record: forget the one shown rather than keep it until the answer. */
  clearOnNewKey?: boolean;
}

/**
 * Loads one answer of the API (a record, or a short list that is not paged) when `key` changes: a later answer
 * wins and an unmounted page ignores it; `status` tells a missing record (404) from a failure.
 */
export function useRecord<Data>(
  load: () => Promise<Data>,
  key: string,
  failureText: string,
  { enabled = true, clearOnNewKey = false }: RecordOptions = {},
): RecordState<Data> {
  // The answer remembers its key, so another record's answer is not shown when clearOnNewKey says so.
  const [answer, setAnswer] = useState<{ key: string; data: Data | null }>({ key, data: null });
  // The request an answer or a failure settled: loading until the current one is settled.
  const [settled, setSettled] = useState<{ request: string; error: string | null; status: number | null } | null>(null);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const request = `${generation}:${key}`;

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    // A loader that throws before it has a promise fails like one that rejects: the page says so, no error boundary.
    new Promise<Data>((resolve) => resolve(loadRef.current())).then(
      (data) => {
        if (!active) return;
        setAnswer({ key, data });
        setSettled({ request, error: null, status: null });
      },
      (failure: unknown) => {
        if (active)
          setSettled({ request, error: apiErrorDetail(failure, failureText), status: apiErrorStatus(failure) });
      },
    );
    return () => {
      active = false;
    };
  }, [enabled, key, request, failureText]);

  const setData: Dispatch<SetStateAction<Data | null>> = useCallback(
    (update) =>
      setAnswer((current) => ({
        key,
        data: typeof update === 'function' ? (update as (data: Data | null) => Data | null)(current.data) : update,
      })),
    [key],
  );
  const current = settled?.request === request ? settled : null;
  return {
    data: clearOnNewKey && answer.key !== key ? null : answer.data,
    loading: enabled && !current,
    error: current?.error ?? null,
    status: current?.status ?? null,
    reload: useCallback(() => setGeneration((value) => value + 1), []),
    setData,
  };
}

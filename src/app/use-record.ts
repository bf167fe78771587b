import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { apiErrorDetail, apiErrorStatus } from '../ui/api-error';

export interface RecordState<Data> {
  data: Data | null;
  loading: boolean;
  /** The server's detail (or a network text) when loading failed. */
  error: string | null;
  status: number | null;
  reload: () => Promise<void>;
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
  const [data, setData] = useState<Data | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);
  const shownKey = useRef(key);

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    setError(null);
    setStatus(null);
    try {
      const answer = await loadRef.current();
      if (current === generation.current) setData(answer);
    } catch (failure) {
      if (current === generation.current) {
        setError(apiErrorDetail(failure, failureText));
        setStatus(apiErrorStatus(failure));
      }
    } finally {
      if (current === generation.current) setLoading(false);
    }
  }, [failureText]);

  useEffect(() => {
    if (!enabled) return;
    if (clearOnNewKey && shownKey.current !== key) setData(null);
    shownKey.current = key;
    void reload();
    return () => {
      generation.current += 1;
    };
  }, [reload, key, enabled, clearOnNewKey]);

  return { data, loading, error, status, reload, setData };
}

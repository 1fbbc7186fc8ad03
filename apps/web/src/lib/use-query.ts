"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
  /** Replaces the cached value (e.g. after a mutation). */
  setData(update: (current: T | undefined) => T | undefined): void;
}

const cache = new Map<string, unknown>();

/**
 * Loads `fetcher()` whenever `key` changes (null: nothing to load). The last value for a key
 * is kept, so switching back shows it at once while it is reloaded.
 */
export function useQuery<T>(key: string | null, fetcher: () => Promise<T>): QueryState<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: unknown; loading: boolean }>(() => ({
    key,
    data: key ? (cache.get(key) as T | undefined) : undefined,
    error: null,
    loading: key !== null,
  }));
  const [version, setVersion] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  if (state.key !== key) {
    setState({ key, data: key ? (cache.get(key) as T | undefined) : undefined, error: null, loading: key !== null });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` forces a reload
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => (s.key === key ? { ...s, loading: true, error: null } : s));
    fetcherRef.current().then(
      (data) => {
        cache.set(key, data);
        if (live) setState((s) => (s.key === key ? { key, data, error: null, loading: false } : s));
      },
      (error: unknown) => {
        if (live) setState((s) => (s.key === key ? { ...s, error, loading: false } : s));
      },
    );
    return () => {
      live = false;
    };
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) => {
      setState((s) => {
        const data = update(s.data);
        if (s.key) cache.set(s.key, data);
        return { ...s, data };
      });
    },
    [],
  );
  return { data: state.data, error: state.error, loading: state.loading, reload, setData };
}

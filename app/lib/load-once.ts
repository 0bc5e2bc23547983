/**
 * A module loaded when first wanted (a dynamic import): every call shares the one load, and a load that failed
 * (offline, a new release whose chunk is gone) is tried again on the next call instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

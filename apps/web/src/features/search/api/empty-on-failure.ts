/**
 * Spec 2 §8: a failed search (metadata or device name) is only logged and leaves the list empty. A
 * cancelled request still rejects, so the query is not given an empty answer it did not get.
 */
export async function emptyOnFailure<T>(
  what: string,
  call: () => Promise<T>,
  empty: T,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`The ${what} failed`, error);
    return empty;
  }
}

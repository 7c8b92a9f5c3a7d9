/**
 * Values that many routes show as they are: a post's summary (in its neighbours' pages, the
 * lists, related posts), the blog's categories, the newsletter form. The route builders mark
 * them where they make them; a route's key (build-cache.ts) then serialises and digests each
 * once per build instead of once per route that shows it: at 10,000 posts they were 26 of the
 * 38 MB of JSON that keying every route wrote.
 *
 * A mark is only a hint for that: a key is still made from the value's whole content, so a
 * marked value that changed gives new keys like any other.
 */
const shared = new WeakSet<object>();

/** Marks `value` as shown by many routes; answers it. */
export function markShared<T extends object>(value: T): T {
  shared.add(value);
  return value;
}

export function isShared(value: unknown): value is object {
  return typeof value === "object" && value !== null && shared.has(value);
}

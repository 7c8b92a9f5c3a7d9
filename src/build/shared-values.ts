/**
 * Values that many routes of one build show as they are: a post's summary (in its neighbours'
 * pages, the lists, related posts), the blog's categories, the newsletter form. The route
 * builders register them, by the content they were made from, where they make them; the
 * routes' keys (build-cache.ts) then serialise and digest each once per build instead of once
 * per route that shows it: at 10,000 posts they were 26 of the 38 MB of JSON that keying every
 * route wrote.
 *
 * Registering is only a hint for that: a key is still made from the value's whole content, so
 * a registered value that changed gives new keys like any other. A plain set held by the
 * content, not a WeakSet of every value: 10,000 entries of a weak collection cost every
 * garbage collection of the build a walk through them.
 */
const byContent = new WeakMap<object, Set<object>>();

/** The shared values registered for the routes of `content` (empty until some are). */
export function sharedValuesOf(content: object): Set<object> {
  let shared = byContent.get(content);
  if (!shared) {
    shared = new Set();
    byContent.set(content, shared);
  }
  return shared;
}

/**
 * An Open Graph card child (og-child.ts) kept warm between the builds of one long-lived process:
 * a watching build (watch-build.ts) or the dev server. A rebuild after a post was retitled needs
 * one new card, and the child that draws it takes about 1.2 s on a 2-core machine to start, load
 * sharp and the renderer, and draw its warm-up card, then 10-70 ms for the card. Started as
 * the rebuild begins (site-build.ts, `prestartOgChild`), it finished 0.4-0.5 s after the pages,
 * and the rebuild waited for it. Started once the build before is done, it is ready when the
 * next save comes.
 *
 * Holds at most one child, for the card fields it warmed up with (the site's name and address:
 * a child warmed up for others would draw the right card, only without its backdrop ready).
 * Only a type is imported, so the watcher can make one before the build's code loads.
 */
import type { WaitingOgChild } from "../images/node.ts";

export interface SpareOgChild {
  /**
   * The child kept for `key` (the warm-up card's fields), handed over once: undefined when none
   * is kept, when it was kept for other fields (it is discarded then), or when it has exited.
   */
  take(key: string): WaitingOgChild | undefined;
  /** Keeps `child` for the next build with `key`, discarding the one kept before, if another. */
  keep(key: string, child: WaitingOgChild): void;
  /** Discards the child kept, if any: the process builds no more. */
  discard(): void;
  /** The process id of the child kept, if any (what a test can watch). */
  readonly pid: number | undefined;
}

export function createSpareOgChild(): SpareOgChild {
  let kept: { key: string; child: WaitingOgChild } | null = null;
  const drop = () => {
    kept?.child.discard();
    kept = null;
  };
  return {
    take(key) {
      if (!kept) return undefined;
      const { key: keptFor, child } = kept;
      if (keptFor !== key || !child.waiting) {
        drop();
        return undefined;
      }
      kept = null;
      return child;
    },
    keep(key, child) {
      if (kept?.child !== child) drop();
      kept = { key, child };
    },
    discard: drop,
    get pid() {
      return kept?.child.pid;
    },
  };
}

/**
 * Markdown rendered before its page is. A render worker has nothing to do while the build's own
 * thread loads the content and derives the routes (most of a second of a 10,000-post build,
 * with one core free); the pool hands it the posts' bodies then (render-pool.ts), and it
 * renders them a few at a time, between messages, until its first routes arrive. A page whose
 * body was rendered ahead takes the HTML from here instead of rendering it.
 *
 * Correct by construction: the HTML is kept under the exact body it was rendered from, by the
 * same function, so a page gets what rendering its body would give, whatever the body is.
 *
 * Not a cache: each body handed over is rendered for one page and taken once, so two pages
 * with the same body are rendered twice, as without the memo. (The synthetic benchmark's
 * 10,000 posts have only a few dozen bodies between them; a cache would flatter it.)
 */
import { type RenderMarkdownOptions, renderMarkdown } from "./markdown.ts";

/** Bodies rendered per turn of the event loop: a message waits at most this many (~3 ms). */
const BODIES_PER_TURN = 20;

export interface MarkdownMemo {
  /** Renders `bodies` ahead, a few per turn of the event loop, until `stop`. */
  prepare(bodies: readonly string[]): void;
  /** No more rendering ahead; what is rendered stays until taken. */
  stop(): void;
  /** renderMarkdown, with a body rendered ahead taken from the memo (once) instead. */
  render(markdown: string, options?: RenderMarkdownOptions): string;
  /** Bodies taken from the memo, and rendered on demand, since the memo was made. */
  readonly counts: { taken: number; rendered: number };
}

export function createMarkdownMemo(
  render: (markdown: string, options?: RenderMarkdownOptions) => string = renderMarkdown,
): MarkdownMemo {
  // Only bodies rendered with the default options (heading ids), as page bodies are; one HTML
  // per time the body was handed over.
  const ready = new Map<string, string[]>();
  let queue: readonly string[] = [];
  let next = 0;
  let scheduled = false;
  const counts = { taken: 0, rendered: 0 };

  const turn = () => {
    scheduled = false;
    const end = Math.min(next + BODIES_PER_TURN, queue.length);
    for (; next < end; next += 1) {
      const body = queue[next] as string;
      const html = render(body);
      const rendered = ready.get(body);
      if (rendered) rendered.push(html);
      else ready.set(body, [html]);
    }
    if (next < queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };

  return {
    prepare(bodies) {
      queue = [...queue.slice(next), ...bodies];
      next = 0;
      if (queue.length > 0) schedule();
    },
    stop() {
      queue = [];
      next = 0;
    },
    render(markdown, options) {
      if (options === undefined || options.headingIds !== false) {
        const rendered = ready.get(markdown);
        const html = rendered?.pop();
        if (html !== undefined) {
          if (rendered?.length === 0) ready.delete(markdown);
          counts.taken += 1;
          return html;
        }
      }
      counts.rendered += 1;
      return render(markdown, options);
    },
    counts,
  };
}

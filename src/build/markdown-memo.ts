/**
 * Markdown rendered before its page is. A render worker has nothing to do while the build's own
 * thread loads the content and derives the routes (most of a second of a 10,000-post build,
 * with one core free); the pool hands it the posts' bodies then (render-pool.ts), and it
 * renders them a few at a time, between messages, until its first routes arrive. A page whose
 * body was rendered ahead takes the HTML from here instead of rendering it. Each turn's HTML
 * also goes back to the build's own thread, which renders pages too (render-here.ts) and
 * takes some of the worker's once it runs out of its own: offered to its memo, that HTML
 * spares rendering those bodies twice (3,000 of 10,000 posts' bodies were).
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
  /**
   * Renders `bodies` ahead, a few per turn of the event loop, until `stop`; each turn's HTML,
   * in the bodies' order, also goes to `onRendered` when the memo was given one.
   */
  prepare(bodies: readonly string[]): void;
  /** Keeps HTML another thread rendered ahead from `body` (default options), to be taken once. */
  offer(body: string, html: string): void;
  /** No more rendering ahead; what is rendered stays until taken. */
  stop(): void;
  /** renderMarkdown, with a body rendered ahead taken from the memo (once) instead. */
  render(markdown: string, options?: RenderMarkdownOptions): string;
  /**
   * Since the memo was made: bodies it rendered ahead, bodies taken from it (rendered ahead
   * here or offered), and bodies rendered on demand.
   */
  readonly counts: { ahead: number; taken: number; rendered: number };
}

export function createMarkdownMemo(
  render: (markdown: string, options?: RenderMarkdownOptions) => string = renderMarkdown,
  onRendered?: (html: string[]) => void,
): MarkdownMemo {
  // Only bodies rendered with the default options (heading ids), as page bodies are; one HTML
  // per time the body was handed over.
  const ready = new Map<string, string[]>();
  const keep = (body: string, html: string) => {
    const rendered = ready.get(body);
    if (rendered) rendered.push(html);
    else ready.set(body, [html]);
  };
  let queue: readonly string[] = [];
  let next = 0;
  let scheduled = false;
  const counts = { ahead: 0, taken: 0, rendered: 0 };

  const turn = () => {
    scheduled = false;
    const end = Math.min(next + BODIES_PER_TURN, queue.length);
    const turnHtml: string[] = [];
    for (; next < end; next += 1) {
      const body = queue[next] as string;
      const html = render(body);
      keep(body, html);
      turnHtml.push(html);
    }
    counts.ahead += turnHtml.length;
    if (turnHtml.length > 0) onRendered?.(turnHtml);
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
    offer: keep,
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

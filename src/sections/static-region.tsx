import {
  type FocusEvent,
  lazy,
  type MouseEvent,
  memo,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import type { RenderedSection } from "../content/index.ts";
import { followSameSiteLink } from "../runtime/index.ts";
import type { ContentBody as ContentBodyComponent, ContentBodyProps } from "./content-body.tsx";
import { elementAtPath, elementPath } from "./element-path.ts";
import { splitSections, withStaticEnds } from "./split-sections.ts";

/**
 * A content page's body, without shipping its components on a first visit.
 *
 * The prerender renders the body with the real components (handed over by the server
 * bundle, src/site/entry-server.tsx). When the browser hydrates that HTML, this component
 * adopts the markup already in the document (the prerender's own output for this very
 * path) instead of rendering it again, so the page's chunk needs none of the section code.
 * Only after a client-side navigation, when there is no prerendered markup, are the
 * components loaded (one lazy chunk) and rendered. A body holding an interactive section (the
 * pricing toggle, the video facade) always renders through that chunk; the server HTML stays
 * on screen while it loads, then hydrates. StaticContentArticle gives each interactive section
 * a body of its own, so only that section renders live.
 */

let ServerBody: typeof ContentBodyComponent | null = null;
export function provideServerContentBody(component: typeof ContentBodyComponent): void {
  ServerBody = component;
}

let LoadedBody: typeof ContentBodyComponent | null = null;
function loadBody() {
  return import("./content-body.tsx").then((module) => {
    LoadedBody = module.ContentBody;
    return { default: module.ContentBody };
  });
}
const ClientBody = lazy(loadBody);

const INTERACTIVE: ReadonlySet<RenderedSection["type"]> = new Set(["pricing-table", "video"]);
const isInteractive = (section: RenderedSection) => INTERACTIVE.has(section.type);

/** The prerendered markup of this path's body, when the document still holds it. */
function prerenderedMarkup(path: string): string | null {
  if (typeof document === "undefined") return null;
  const holder = document.querySelector(`[data-static-region="${CSS.escape(path)}"]`);
  return holder ? holder.innerHTML : null;
}

/**
 * Memoised so the router's re-render after hydration (switching to the real URL) does not
 * re-read the document for equal props.
 */
export const StaticContentBody = memo(function StaticContentBody({
  path,
  ...props
}: ContentBodyProps & { path: string }) {
  const interactive = (props.page.sections ?? []).some(isInteractive);
  // Interactive pages adopt the markup first too, then swap in the live components once their
  // chunk arrives: the new DOM is identical, so nothing moves, and hydration never suspends
  // (a suspended boundary would drop the server HTML on the router's first update).
  const [Body, setBody] = useState<typeof ContentBodyComponent | null>(() => LoadedBody);
  // The document is read once per path, when this body first renders it: later renders must
  // not read back this body's own region (still empty while a live body loads after a
  // client-side navigation). A new path on the same instance is a client-side navigation,
  // and there is no prerendered markup for it.
  const [adopted, setAdopted] = useState(() => ({ path, markup: prerenderedMarkup(path) }));
  if (adopted.path !== path) setAdopted({ path, markup: null });
  // A visitor can press the play button or the billing toggle, or tab to it, before the live
  // components arrive: the adopted markup has no handlers. The swap keeps what they did. The
  // live DOM is identical, so the places of the focused element and of a pressed button hold
  // their live twins once the swap has committed, where the effect below replays them.
  const region = useRef<HTMLDivElement>(null);
  const pressed = useRef<number[] | null>(null);
  const focused = useRef<number[] | null>(null);
  useEffect(() => {
    if (!interactive || Body) return;
    let current = true;
    void loadBody().then((module) => {
      if (!current) return;
      const root = region.current;
      const active = document.activeElement;
      // Where the focus is now; an earlier focus that has left since does not count.
      focused.current = root && active && root.contains(active) ? elementPath(root, active) : null;
      const swap = () => setBody(() => module.default);
      // Someone is using the island: swap now. Otherwise as a transition, so rendering the
      // live section (its DOM is built while rendering) is sliced instead of one long task
      // right after hydration; a press or focus arriving meanwhile is noted and replayed too.
      if (pressed.current || focused.current) flushSync(swap);
      else startTransition(swap);
    });
    return () => {
      current = false;
    };
  }, [interactive, Body]);
  // After a swap: a passive effect, as the click replay ran after flushSync before (with
  // flushSync React runs it before returning; after a transition, in the next task).
  useEffect(() => {
    const root = region.current;
    if (!Body || !root) return;
    const focus = focused.current && elementAtPath(root, focused.current);
    // Only where the swap took the focus away: never from something focused since.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focus instanceof HTMLElement && lost) focus.focus();
    const click = pressed.current && elementAtPath(root, pressed.current);
    if (click instanceof HTMLElement) click.click();
    focused.current = null;
    pressed.current = null;
  }, [Body]);
  const noteEarlyClick = (event: MouseEvent<HTMLDivElement>) => {
    followSameSiteLink(event);
    if (!interactive || event.defaultPrevented || !(event.target instanceof Element)) return;
    const button = event.target.closest("button");
    // Null for a button outside this region.
    if (button) pressed.current = elementPath(event.currentTarget, button);
  };
  const noteEarlyFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (interactive && event.target instanceof Element) {
      focused.current = elementPath(event.currentTarget, event.target);
    }
  };
  const forgetEarlyFocus = (event: FocusEvent<HTMLDivElement>) => {
    // Focus that moved elsewhere on the page is not brought back by the swap.
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) focused.current = null;
  };

  if (import.meta.env.SSR && ServerBody) {
    return (
      <div data-static-region={path}>
        <ServerBody {...props} />
      </div>
    );
  }
  const markup = Body && interactive ? null : adopted.path === path ? adopted.markup : null;
  if (markup === null) {
    const Live = Body ?? ClientBody;
    return (
      <div data-static-region={path} ref={region}>
        <Suspense fallback={null}>
          <Live {...props} />
        </Suspense>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the click is delegated from the links inside, which stay keyboard-operable anchors.
    <div
      data-static-region={path}
      ref={region}
      onClick={noteEarlyClick}
      onFocus={noteEarlyFocus}
      onBlur={forgetEarlyFocus}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: this is the prerender's own output for this path, already in the document, not content HTML; re-inserting it unchanged keeps hydration exact.
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
});

/**
 * A content page's article (home, page and landing templates): the body adopted from the
 * prerendered HTML. Here, beside StaticContentBody, so those templates load one small chunk.
 * Interactive sections are islands: each renders live on its own between static runs, so a
 * pricing toggle hydrates the pricing table, not the whole page around it.
 */
export function StaticContentArticle({
  variant,
  children,
  path,
  page,
  image,
}: ContentBodyProps & { path: string; variant: string; children?: ReactNode }) {
  const sections = page.sections ?? [];
  const parts = withStaticEnds(splitSections(sections, isInteractive), sections.length);
  return (
    <article data-template={variant}>
      {parts.length === 1 ? (
        <StaticContentBody path={path} page={page} image={image} />
      ) : (
        parts.map((part, position) => {
          const first = position === 0;
          const last = position === parts.length - 1;
          const firstIndex = part.kind === "static" ? part.firstIndex : part.index;
          return (
            <StaticContentBody
              // An island first in the page shares index 0 with the empty run before it.
              key={`${part.kind}-${firstIndex}`}
              path={first ? path : `${path}#${firstIndex}`}
              page={{
                ...page,
                sections: part.kind === "static" ? part.sections : [part.section],
                html: last ? page.html : "",
              }}
              image={image}
              part={{ first, last, firstIndex }}
            />
          );
        })
      )}
      {children}
    </article>
  );
}

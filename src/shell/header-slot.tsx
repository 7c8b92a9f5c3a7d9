import { type ComponentType, lazy, Suspense, useMemo } from "react";
import { idleOrIntent } from "../runtime/index.ts";
import type { HeaderProps } from "./header.tsx";

let ServerHeader: ComponentType<HeaderProps> | null = null;
/** The server renderer hands over the real header (node.ts); the browser loads it lazily. */
export function provideServerHeader(component: ComponentType<HeaderProps>): void {
  ServerHeader = component;
}

// Asked for during hydration, but fetched only once the browser is idle or the visitor
// reaches for the page: until then React keeps the prerendered header as it is (a dehydrated
// Suspense boundary) and hydrates it when its code arrives.
const LiveHeader = lazy(() =>
  idleOrIntent()
    .then(() => import("./header.tsx"))
    .then((module) => ({ default: module.Header })),
);

/**
 * The header, an island of its own: the first load hydrates the page without the header's
 * code (navigation, dropdowns, the menu toggle, scroll behaviour), and the header hydrates as
 * soon as its chunk arrives. Server and browser render the same Suspense boundary around it.
 */
export function HeaderSlot({ path, pageContext, settings }: HeaderProps) {
  // The same element while the props are equal: a dehydrated boundary that receives new props
  // before its code has loaded would drop the prerendered header for its (empty) fallback,
  // and the layout re-renders right after hydration (the router settling on the real URL).
  return useMemo(() => {
    const Component = import.meta.env.SSR && ServerHeader ? ServerHeader : LiveHeader;
    return (
      <Suspense fallback={null}>
        <Component path={path} pageContext={pageContext} settings={settings} />
      </Suspense>
    );
  }, [path, pageContext, settings]);
}

import { type ReactNode, Suspense, useEffect } from "react";
import { MAIN_CONTENT_ID } from "./constants.ts";

/** Marks the main content live once the page's island has hydrated; browser tests wait for it. */
function LiveMark() {
  useEffect(() => {
    document.getElementById(MAIN_CONTENT_ID)?.setAttribute("data-live", "true");
  }, []);
  return null;
}

/**
 * The page's own component (its template or named page) as an island. On a first visit its
 * code loads once the browser is idle or the visitor reaches for the page (boot.tsx); until
 * then React keeps the prerendered markup as it is (a dehydrated Suspense boundary) and
 * hydrates it in place when the code arrives. After a client-side navigation the component is
 * loaded before the page renders, so nothing suspends. Server and browser render the same
 * boundary.
 */
export function PageIsland({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <LiveMark />
      {children}
    </Suspense>
  );
}

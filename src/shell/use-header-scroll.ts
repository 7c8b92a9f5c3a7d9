import { startTransition, useEffect, useReducer, useRef } from "react";
import {
  type HeaderScrollStatus,
  headerScrollReducer,
  initialHeaderScrollState,
} from "./header-scroll.ts";

/**
 * Feeds window scroll positions (at most one per frame) and the mobile menu's open state into
 * the header reducer. A static header never leaves `uninitialized`.
 */
export function useHeaderScroll(scrollReactive: boolean, menuOpen: boolean): HeaderScrollStatus {
  const [state, dispatch] = useReducer(headerScrollReducer, initialHeaderScrollState);

  useEffect(() => {
    if (!scrollReactive) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      dispatch({
        type: "scroll",
        y: window.scrollY,
        viewportHeight: window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      });
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    // The first measurement (a page reloaded mid-scroll) can wait a frame: as a transition it
    // does not re-render the header synchronously right after hydration.
    startTransition(measure);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scrollReactive]);

  // Only changes of the menu's state: the closed menu at mount changes nothing, and a dispatch
  // would still re-render the header.
  const menuWasOpen = useRef(false);
  useEffect(() => {
    if (menuOpen === menuWasOpen.current) return;
    menuWasOpen.current = menuOpen;
    dispatch({ type: "menu", open: menuOpen, viewportHeight: window.innerHeight });
  }, [menuOpen]);

  return scrollReactive ? state.status : "uninitialized";
}

import { useEffect, useReducer } from "react";
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
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scrollReactive]);

  useEffect(() => {
    dispatch({ type: "menu", open: menuOpen, viewportHeight: window.innerHeight });
  }, [menuOpen]);

  return scrollReactive ? state.status : "uninitialized";
}

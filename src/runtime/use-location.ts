import { createContext, useContext } from "react";
import type { RouterLocation } from "./location.ts";

export const LocationContext = createContext<RouterLocation>({
  pathname: "/",
  search: "",
  hash: "",
});

/** The location of the page being shown (prerender: the page's path). */
export function useLocation(): RouterLocation {
  return useContext(LocationContext);
}

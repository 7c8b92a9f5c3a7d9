import { createContext, useContext } from "react";

/**
 * The product name that headings keep on one line (§5). The shell provides it from site
 * settings around every page; without a provider it is "" and nothing is protected. A
 * context, so the design system needs nothing from the shell that places it.
 */
export const ProductNameContext = createContext("");

export function useProductName(): string {
  return useContext(ProductNameContext);
}

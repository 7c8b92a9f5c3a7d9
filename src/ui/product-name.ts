import { useSiteSettings } from "../shell/index.ts";

/**
 * The product name from site settings; "" when settings lack it (then nothing is protected).
 * Read through the shell's settings hook, which every page already ships, so headings add
 * no shared chunk of their own.
 */
export function useProductName(): string {
  return useSiteSettings().productName ?? "";
}

import { STATIC_QUERY_HASH } from "../content/static-queries.ts";
import { useStaticQuery } from "../runtime/index.ts";

/** The product name from site settings; "" when settings lack it (then nothing is protected). */
export function useProductName(): string {
  const settings = useStaticQuery<{ productName?: unknown }>(STATIC_QUERY_HASH["site-settings"]);
  return typeof settings?.productName === "string" ? settings.productName : "";
}

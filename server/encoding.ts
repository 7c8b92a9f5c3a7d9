/** Accept-Encoding negotiation for the build's precompressed `.br` / `.gz` siblings. */

export type ContentEncoding = "br" | "gzip";

export const ENCODING_EXTENSIONS: Readonly<Record<ContentEncoding, string>> = {
  br: ".br",
  gzip: ".gz",
};

/** Server preference when the client rates codings equally: brotli is smaller. */
const SERVER_ORDER: readonly ContentEncoding[] = ["br", "gzip"];

function parseQuality(params: string[]): number | undefined {
  for (const param of params) {
    const [name, value] = param.split("=").map((part) => part.trim());
    if (name?.toLowerCase() !== "q") continue;
    if (value === undefined || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value))
      return undefined;
    return Number(value);
  }
  return 1;
}

/**
 * The precompressed codings the client accepts, best first (highest q, then server order).
 * A coding with q=0 is refused, and so is one not listed unless `*` covers it.
 */
export function acceptedEncodings(header: string | null | undefined): ContentEncoding[] {
  if (!header) return [];
  const quality = new Map<string, number>();
  for (const entry of header.split(",")) {
    const [token, ...params] = entry.split(";");
    const name = token?.trim().toLowerCase();
    if (!name) continue;
    const q = parseQuality(params);
    // A malformed weight is ignored rather than guessed at.
    if (q === undefined) continue;
    // `x-gzip` is the historical alias of gzip (RFC 9110 §8.4.1.3).
    quality.set(name === "x-gzip" ? "gzip" : name, q);
  }
  const wildcard = quality.get("*");
  return SERVER_ORDER.map((coding, order) => ({
    coding,
    order,
    q: quality.get(coding) ?? wildcard ?? 0,
  }))
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((entry) => entry.coding);
}

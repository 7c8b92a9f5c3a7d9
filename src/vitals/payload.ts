/**
 * The browser's side of `POST /api/vitals` (server/vitals/schema.ts validates it), pure: a
 * batch of web-vitals metrics for one page view. No zod here: it stays out of the bundle.
 */

/** The endpoint the beacons go to. */
export const VITALS_ENDPOINT = "/api/vitals";

export interface VitalMetricLike {
  name: string;
  value: number;
  rating: string;
  id: string;
  navigationType?: string;
}

export interface VitalsBatch {
  path: string;
  template: string;
  metrics: VitalMetricLike[];
}

/** The page's template from its inline bootstrap JSON (`componentChunkName`), or "unknown". */
export function templateFromBootstrap(json: string | null | undefined): string {
  try {
    const data = JSON.parse(json ?? "") as { pageData?: { componentChunkName?: unknown } };
    const name = data.pageData?.componentChunkName;
    return typeof name === "string" && name !== "" ? name : "unknown";
  } catch {
    return "unknown";
  }
}

/** The batch to send, or null when there is nothing new; only the fields the server accepts. */
export function buildBatch(
  path: string,
  template: string,
  metrics: readonly VitalMetricLike[],
): VitalsBatch | null {
  if (metrics.length === 0) return null;
  return {
    path,
    template,
    metrics: metrics.map(({ name, value, rating, id, navigationType }) => ({
      name,
      value,
      rating,
      id,
      ...(navigationType ? { navigationType } : {}),
    })),
  };
}

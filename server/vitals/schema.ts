/** The `POST /api/vitals` payload: one page view's Core Web Vitals, batched by the browser. */
import { z } from "zod";

/** The metrics we collect (spec §7), as web-vitals names them. */
export const VITAL_NAMES = ["LCP", "INP", "CLS", "TTFB", "FCP"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Bodies larger than this are refused before parsing (a batch is well under 2 KB). */
export const VITALS_MAX_BODY_BYTES = 16_384;

export const vitalMetricSchema = z
  .object({
    name: z.enum(VITAL_NAMES).describe("The metric, e.g. LCP."),
    // Times in ms up to ten minutes; CLS is unitless and far below that.
    value: z
      .number()
      .finite()
      .min(0)
      .max(600_000)
      .describe("The metric's value (ms, or CLS score)."),
    rating: z.enum(["good", "needs-improvement", "poor"]).describe("web-vitals' rating."),
    id: z.string().min(1).max(100).describe("web-vitals' id of this metric instance."),
    navigationType: z.string().max(40).optional().describe("navigate, reload, back-forward…"),
  })
  .strict();

export const vitalsPayloadSchema = z
  .object({
    path: z
      .string()
      .startsWith("/")
      .max(2000)
      .describe("The page's path, without query or hash (they may identify visitors)."),
    template: z
      .string()
      .min(1)
      .max(100)
      .describe("The page's component chunk, e.g. template---home."),
    metrics: z.array(vitalMetricSchema).min(1).max(20).describe("The metrics of this batch."),
  })
  .strict();
export type VitalsPayload = z.infer<typeof vitalsPayloadSchema>;

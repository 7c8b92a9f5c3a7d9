/**
 * The local back end: the planned variants of one source, resized with sharp into AVIF, WebP
 * and a JPEG (opaque) or PNG (transparent) fallback. Names carry a hash of the bytes, so the
 * files are immutable and cache forever.
 */
import { createHash } from "node:crypto";
import type { ImagePlan } from "../layout.ts";
import { loadSharp } from "./sharp.ts";
import type { SourceMeta } from "./source-meta.ts";

export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

export interface Variant {
  file: string;
  format: VariantFormat;
  /** Candidate descriptor: `480w` or `2x`. */
  descriptor: string;
  width: number;
}

export const MIME: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** Modern formats, best first; the `<picture>` lists them in this order. */
export const MODERN_FORMATS = ["avif", "webp"] as const;

/**
 * How each format is encoded (beside each candidate's quality, which the plan gives). Part of
 * the variant cache's key: changed, every picture is encoded again.
 */
export const ENCODER_SETTINGS = {
  /** AVIF effort 2 of 9: most of the size win at a fraction of the encode time. */
  avif: { effort: 2 },
  jpeg: { mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const;

/**
 * The candidates worth making from this source: a raster is never scaled up (wider
 * candidates collapse into one at the source's width); a vector renders sharp at any size.
 */
export function localCandidates(plan: ImagePlan, meta: SourceMeta): ImagePlan["candidates"] {
  if (meta.format === "svg") return plan.candidates;
  const fitting = plan.candidates.filter((candidate) => candidate.width <= meta.width);
  if (fitting.length === plan.candidates.length) return fitting;
  // A candidate exactly the source's width is already its largest: no second one of it.
  if (fitting.at(-1)?.width === meta.width) return fitting;
  const first = plan.candidates[0];
  const largest = plan.candidates.find((candidate) => candidate.width > meta.width) ?? first;
  if (!largest) return fitting;
  const scale = meta.width / largest.width;
  return [
    ...fitting,
    {
      ...largest,
      width: meta.width,
      height: Math.round(largest.height * scale),
      descriptor: largest.dpr === undefined ? `${meta.width}w` : largest.descriptor,
    },
  ];
}

export interface EncodedVariant extends Variant {
  bytes: Buffer;
}

/** Encodes every variant of one source; `onEncode` counts sharp encodes for the build report. */
export async function encodeVariants(options: {
  bytes: Buffer;
  meta: SourceMeta;
  plan: ImagePlan;
  stem: string;
  onEncode: () => void;
}): Promise<EncodedVariant[]> {
  const { bytes, meta, plan, stem } = options;
  const sharp = await loadSharp();
  const fallback: VariantFormat = meta.hasAlpha ? "png" : "jpeg";
  const out: EncodedVariant[] = [];
  for (const candidate of localCandidates(plan, meta)) {
    // Render a vector at the target size instead of scaling a 72 dpi bitmap up.
    const density =
      meta.format === "svg" && meta.width > 0
        ? Math.min(2400, Math.max(1, (72 * candidate.width) / meta.width))
        : undefined;
    // Turned as its EXIF orientation says: a phone's portrait photo is stored on its side.
    const base = sharp(bytes, { autoOrient: true, ...(density ? { density } : {}) }).resize(
      candidate.width,
      candidate.height,
      {
        fit: "cover",
      },
    );
    for (const format of [...MODERN_FORMATS, fallback]) {
      const pipeline = base.clone();
      const quality = candidate.quality;
      if (format === "avif") pipeline.avif({ quality, ...ENCODER_SETTINGS.avif });
      else if (format === "webp") pipeline.webp({ quality });
      else if (format === "jpeg") pipeline.jpeg({ quality, ...ENCODER_SETTINGS.jpeg });
      else pipeline.png(ENCODER_SETTINGS.png);
      const encoded = await pipeline.toBuffer();
      options.onEncode();
      const hash = createHash("sha256").update(encoded).digest("hex").slice(0, 10);
      const ext = format === "jpeg" ? "jpg" : format;
      out.push({
        file: `${stem}-${candidate.width}.${hash}.${ext}`,
        format,
        descriptor: candidate.descriptor,
        width: candidate.width,
        bytes: encoded,
      });
    }
  }
  return out;
}

/**
 * A content image ref placed in page data before the build has resolved it. Route builders
 * put these where a component expects a ResolvedImage; the build's image step replaces every
 * one (making the variants and placeholder) before any page renders, and fails naming the
 * content file and field when the file does not exist.
 */
import type { ImagePresetName } from "./presets.ts";
import type { ImageRef, ResolvedImage } from "./schema.ts";

export const PENDING_IMAGE_KEY = "$pendingImage";

export interface PendingImage {
  [PENDING_IMAGE_KEY]: true;
  ref: ImageRef;
  preset: ImagePresetName;
  /** The content file and field the ref came from, for error messages. */
  origin: { file: string; field: string };
}

/** A placeholder typed as what it becomes, so page-data types stay the component's. */
export function pendingImage(
  ref: ImageRef,
  preset: ImagePresetName,
  origin: { file: string; field: string },
): ResolvedImage {
  const pending: PendingImage = { [PENDING_IMAGE_KEY]: true, ref, preset, origin };
  return pending as unknown as ResolvedImage;
}

export function isPendingImage(value: unknown): value is PendingImage {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>)[PENDING_IMAGE_KEY] === true
  );
}

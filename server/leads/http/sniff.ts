/**
 * What an uploaded file is, decided by its bytes alone (magic numbers), and whether it is whole.
 * Only the formats a lead form accepts (images and PDF, spec §5) are recognised; anything else —
 * SVG, HTML, scripts, archives — is null, whatever its name or declared type says.
 */

export interface SniffedType {
  /** The media type the file is stored and served as. */
  mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "application/pdf";
  /** Its canonical extension, used for the stored filename. */
  extension: "png" | "jpg" | "webp" | "gif" | "pdf";
  /** False when the bytes stop before the format's end marker (a truncated upload). */
  complete: boolean;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG always ends with an empty IEND chunk and its fixed CRC. */
const PNG_IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
/** A PDF's last %%EOF sits near its end; writers may add a newline or a little padding after it. */
const PDF_EOF_WINDOW = 1024;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function endsWith(bytes: Uint8Array, suffix: readonly number[]): boolean {
  return startsWith(bytes, suffix, bytes.length - suffix.length);
}

/** Trailing NUL, space and newline bytes some writers pad files with. */
function trimPadding(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(bytes[end - 1] as number)) end--;
  return bytes.subarray(0, end);
}

function containsNear(bytes: Uint8Array, needle: readonly number[], window: number): boolean {
  const from = Math.max(0, bytes.length - window);
  for (let at = bytes.length - needle.length; at >= from; at--) {
    if (startsWith(bytes, needle, at)) return true;
  }
  return false;
}

export function sniffFile(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) {
    return { mediaType: "image/png", extension: "png", complete: endsWith(bytes, PNG_IEND) };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const end = trimPadding(bytes);
    return { mediaType: "image/jpeg", extension: "jpg", complete: endsWith(end, [0xff, 0xd9]) };
  }
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { mediaType: "image/gif", extension: "gif", complete: bytes.at(-1) === 0x3b };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    // RIFF's size field counts everything after its first 8 bytes.
    const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
      4,
      true,
    );
    return { mediaType: "image/webp", extension: "webp", complete: bytes.length >= declared + 8 };
  }
  if (startsWith(bytes, ascii("%PDF-"))) {
    return {
      mediaType: "application/pdf",
      extension: "pdf",
      complete: containsNear(bytes, ascii("%%EOF"), PDF_EOF_WINDOW),
    };
  }
  return null;
}

/** Declared types that name a sniffed type: image/jpg is a common misspelling of image/jpeg. */
export function declaredTypeMatches(declared: string, sniffed: SniffedType): boolean {
  const type = declared.trim().toLowerCase();
  return type === sniffed.mediaType || (type === "image/jpg" && sniffed.mediaType === "image/jpeg");
}

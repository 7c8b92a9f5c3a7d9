/** The media type of a Content-Type header, lowercased and without parameters ("" when absent). */
export function mediaTypeOf(header: string | null | undefined): string {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The charset parameter, lowercased, or null. The API reads UTF-8 only. */
export function charsetOf(header: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? "");
  return match ? (match[1] as string).toLowerCase() : null;
}

/** A piece of a search excerpt: plain text, highlighted or not. */
export interface ExcerptPart {
  text: string;
  highlighted: boolean;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
};

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Pagefind's excerpt is HTML with `<mark>` around the matched words. It becomes text parts,
 * rendered as React text, so no search result ever reaches the page as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const pieces = excerpt.split(/(<mark>[\s\S]*?<\/mark>)/);
  for (const piece of pieces) {
    if (piece === "") continue;
    const highlighted = piece.startsWith("<mark>");
    const inner = highlighted ? piece.slice("<mark>".length, -"</mark>".length) : piece;
    const text = decode(inner.replace(/<[^>]*>/g, ""));
    if (text !== "") parts.push({ text, highlighted });
  }
  return parts;
}

/** FNV-1a 32-bit: a tiny, stable, non-cryptographic hash for ids that client and build must agree on. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString();
}

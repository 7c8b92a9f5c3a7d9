/**
 * How a page's `componentChunkName` maps to its source file. Templates live in
 * src/templates/{name}.tsx ("template---{name}") and named pages in src/pages/{name}.tsx
 * ("page---{name}"). Both the client registry (import.meta.glob) and the build (which looks
 * the chunk up in Vite's manifest) derive names through these two functions.
 */
const PREFIX = { templates: "template---", pages: "page---" } as const;
export type ComponentFolder = keyof typeof PREFIX;

/** Typed to its literal (`"template---blog-post"`), so the build can check a route's data by it. */
export function componentChunkName<Folder extends ComponentFolder, Name extends string>(
  folder: Folder,
  name: Name,
): `${(typeof PREFIX)[Folder]}${Name}` {
  return `${PREFIX[folder]}${name}`;
}

/** "template---blog-post" → "src/templates/blog-post.tsx"; null for an unknown shape. */
export function componentSourceFile(chunkName: string): string | null {
  for (const [folder, prefix] of Object.entries(PREFIX)) {
    if (chunkName.startsWith(prefix)) return `src/${folder}/${chunkName.slice(prefix.length)}.tsx`;
  }
  return null;
}

/** "../templates/blog-post.tsx" (an import.meta.glob key) → "template---blog-post". */
export function chunkNameFromGlobKey(key: string): string | null {
  const match = /\/(templates|pages)\/([a-z0-9-]+)\.tsx$/.exec(key);
  if (!match) return null;
  return componentChunkName(match[1] as ComponentFolder, match[2] as string);
}

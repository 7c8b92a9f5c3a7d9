import type { ComponentType } from "react";
import type { PageProps } from "../runtime/index.ts";
import { chunkNameFromGlobKey } from "./component-names.ts";

export type PageComponent = ComponentType<PageProps<never>>;
type ComponentModule = { default: PageComponent };

// One lazily loaded chunk per template and named page; shared parts of templates live in
// src/templates/parts/ and are not pages.
const modules = import.meta.glob<ComponentModule>(["../templates/*.tsx", "../pages/*.tsx"]);

const loaders = new Map<string, () => Promise<ComponentModule>>();
for (const [key, load] of Object.entries(modules)) {
  const name = chunkNameFromGlobKey(key);
  if (name) loaders.set(name, load);
}

/** Loads the component that renders a page; rejects when the chunk cannot be fetched. */
export async function loadPageComponent(chunkName: string): Promise<PageComponent> {
  const load = loaders.get(chunkName);
  if (!load) throw new Error(`No page component is registered as "${chunkName}".`);
  return (await load()).default;
}

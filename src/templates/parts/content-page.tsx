import type { ReactNode } from "react";
import type { PageProps } from "../../runtime/index.ts";
import { StaticContentBody } from "../../sections/index.ts";
import type { ContentPageData } from "../data.ts";

/**
 * Shared body of the home, page and landing templates (src/sections/content-body.tsx),
 * adopted from the prerendered HTML on a first visit so it ships no component code. Pages
 * with lead forms use form-content-page.tsx instead, so this stays small on every other page.
 */
export function ContentPage({
  data,
  location,
  variant,
  children,
}: PageProps<ContentPageData> & { variant: string; children?: ReactNode }) {
  return (
    <article data-template={variant}>
      <StaticContentBody path={location.pathname} page={data.page} image={data.image} />
      {children}
    </article>
  );
}

import type { PageProps } from "../../runtime/index.ts";
import { StaticContentBody } from "../../sections/static-region.tsx";
import type { ContentPageData } from "../data.ts";

/**
 * Shared body of the home, page and landing templates (src/sections/content-body.tsx),
 * adopted from the prerendered HTML on a first visit so it ships no component code.
 */
export function ContentPage({
  data,
  location,
  variant,
}: PageProps<ContentPageData> & { variant: string }) {
  return <StaticContentBody path={location.pathname} page={data.page} variant={variant} />;
}

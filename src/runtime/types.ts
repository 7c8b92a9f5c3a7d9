import type { PageContext } from "../protocol/index.ts";

/** Props every template and named page component receives. */
export interface PageProps<Data = unknown> {
  data: Data;
  pageContext: PageContext;
  location: { pathname: string; search: string; hash: string };
}

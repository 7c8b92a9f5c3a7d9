import type { PageProps } from "../runtime/index.ts";
import type { ContentPageData } from "./data.ts";
import { ContentPage } from "./parts/content-page.tsx";

export default function PageTemplate(props: PageProps<ContentPageData>) {
  return <ContentPage {...props} variant="page" />;
}

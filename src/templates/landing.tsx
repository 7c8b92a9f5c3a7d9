import type { PageProps } from "../runtime/index.ts";
import type { ContentPageData } from "./data.ts";
import { ContentPage } from "./parts/content-page.tsx";

export default function LandingTemplate(props: PageProps<ContentPageData>) {
  return <ContentPage {...props} variant="landing" />;
}

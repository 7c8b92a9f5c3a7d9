import type { PageProps } from "../runtime/index.ts";
import { StaticContentArticle } from "../sections/index.ts";
import type { ContentPageData } from "./data.ts";

export default function LandingTemplate({ data, location }: PageProps<ContentPageData>) {
  return (
    <StaticContentArticle
      path={location.pathname}
      page={data.page}
      image={data.image}
      variant="landing"
    />
  );
}

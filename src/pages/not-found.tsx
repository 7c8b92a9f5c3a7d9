import type { PageProps } from "../runtime/index.ts";
import { StatusPage } from "./parts/status-page.tsx";

export default function NotFoundPage({ location }: PageProps) {
  return (
    <StatusPage code="404" codeClassName="text-cobalt" title="Page not found">
      We couldn’t find <code className="break-all">{location.pathname}</code>. It may have moved or
      been renamed; these pages are a good place to start again.
    </StatusPage>
  );
}

import { StatusPage } from "./parts/status-page.tsx";

export default function ServerErrorPage() {
  return (
    <StatusPage code="500" codeClassName="text-clay" title="Something went wrong">
      Our server had a problem showing this page. It’s on us, not you: please try again in a moment,
      or tell us what you were looking for.
    </StatusPage>
  );
}

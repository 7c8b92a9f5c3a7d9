import { PageIsland, type PageResources, type RouterLocation } from "../runtime/index.ts";
import { Layout } from "../shell/index.ts";
import type { PageComponent } from "./components.ts";

/** Every page: the shell around the page's own component, an island (runtime/page-island.tsx). */
export function renderPage(resources: PageResources, location: RouterLocation) {
  return pageElement(resources, location, true);
}

/**
 * The same page with its component outside the island's Suspense boundary, for the prerender
 * to learn why a page failed: inside the boundary, React renders an error on the server as an
 * empty boundary the browser fills in, and keeps the error to itself.
 */
export function renderPageWithoutIsland(resources: PageResources, location: RouterLocation) {
  return pageElement(resources, location, false);
}

function pageElement(resources: PageResources, location: RouterLocation, island: boolean) {
  const Component = resources.component as PageComponent;
  const { data, pageContext } = resources.pageData.result;
  const page = <Component data={data as never} pageContext={pageContext} location={location} />;
  return (
    <Layout pageContext={pageContext}>{island ? <PageIsland>{page}</PageIsland> : page}</Layout>
  );
}

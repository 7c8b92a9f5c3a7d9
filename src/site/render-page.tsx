import { PageIsland, type PageResources, type RouterLocation } from "../runtime/index.ts";
import { Layout } from "../shell/index.ts";
import type { PageComponent } from "./components.ts";

/** Every page: the shell around the page's own component. */
export function renderPage(resources: PageResources, location: RouterLocation) {
  const Component = resources.component as PageComponent;
  const { data, pageContext } = resources.pageData.result;
  return (
    <Layout pageContext={pageContext}>
      <PageIsland>
        <Component data={data as never} pageContext={pageContext} location={location} />
      </PageIsland>
    </Layout>
  );
}

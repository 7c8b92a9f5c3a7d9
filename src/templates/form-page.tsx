import { announceSubmitted, LeadForm } from "../lead-form/index.ts";
import type { PageProps } from "../runtime/index.ts";
import type { FormPageData } from "./data.ts";
import { ContentPage } from "./parts/content-page.tsx";

/**
 * A content page (home, page or landing) that places lead forms after its body. Its own
 * template, so the form code loads only on pages that have a form.
 */
export default function FormPageTemplate(props: PageProps<FormPageData>) {
  const { data } = props;
  return (
    <ContentPage {...props} variant={data.template}>
      {data.forms.map((form) => (
        <LeadForm
          key={form.alternative_id}
          form={form}
          pagePath={props.location.pathname}
          pageTitle={data.page.heading}
          onSubmitted={announceSubmitted}
          className="mt-12"
        />
      ))}
    </ContentPage>
  );
}

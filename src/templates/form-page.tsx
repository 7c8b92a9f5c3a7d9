import type { FormDefinition } from "../forms/index.ts";
import { announceSubmitted, LeadForm } from "../lead-form/index.ts";
import type { PageProps } from "../runtime/index.ts";
import { FormSection } from "../sections/index.ts";
import type { FormPageData } from "./data.ts";
import { CompanyNav } from "./parts/company.tsx";
import { FormContentPage } from "./parts/form-content-page.tsx";

/**
 * A content page (home, page or landing) with lead forms: each `form` section shows its form
 * where it stands; forms the front matter lists follow the body. Its own template, so the
 * form code loads only on pages that have a form.
 */
export default function FormPageTemplate(props: PageProps<FormPageData>) {
  const { data } = props;
  const byId = new Map(data.forms.map((form) => [form.alternative_id, form]));
  const placedBySection = new Set(
    (data.page.sections ?? []).flatMap((section) =>
      section.type === "form" ? [section.formId] : [],
    ),
  );
  const leadForm = (form: FormDefinition, className?: string) => (
    <LeadForm
      key={form.alternative_id}
      form={form}
      pagePath={props.location.pathname}
      pageTitle={data.page.heading}
      onSubmitted={announceSubmitted}
      {...(className ? { className } : {})}
    />
  );
  return (
    <>
      {data.companyNav ? (
        <CompanyNav links={data.companyNav} current={props.location.pathname} />
      ) : null}
      <FormContentPage
        {...props}
        variant={data.template}
        renderForm={(section, index) => {
          const form = byId.get(section.formId);
          return (
            <FormSection key={`form-${index}`} section={section} index={index} first={false}>
              {form ? leadForm(form) : null}
            </FormSection>
          );
        }}
      >
        {data.forms.some((form) => !placedBySection.has(form.alternative_id)) ? (
          <div className="mx-auto max-w-3xl px-6 pb-section">
            {data.forms
              .filter((form) => !placedBySection.has(form.alternative_id))
              .map((form) => leadForm(form, "mt-12"))}
          </div>
        ) : null}
      </FormContentPage>
    </>
  );
}

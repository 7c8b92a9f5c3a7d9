import { SmartLink } from "../shell/smart-link.tsx";
import { useSiteSettings } from "../shell/use-site-settings.ts";
import { buttonClassName } from "../ui/button.tsx";
import { Heading } from "../ui/heading.tsx";
import { headingId, type SectionProps } from "./props.ts";
import type { SectionOf } from "./schema.ts";
import { SectionFrame } from "./section-frame.tsx";

/**
 * Where a lead form goes. Until the forms engine renders `formId` here, visitors get a
 * working path to the same outcome: the demo page, which carries the form.
 */
export function FormSection({ section, index }: SectionProps<SectionOf<"form">>) {
  const settings = useSiteSettings();
  const id = headingId(index);
  const demoUrl = settings.demoUrl ?? "/lp/get-a-demo/";
  return (
    <SectionFrame
      id={section.id}
      type="form"
      background={section.background ?? "tint"}
      labelledBy={section.heading ? id : undefined}
      width="narrow"
    >
      <div className="text-center" data-form-id={section.formId}>
        {section.heading ? (
          <Heading id={id} level={2}>
            {section.heading}
          </Heading>
        ) : null}
        {section.text ? <p className="mt-4 text-lead text-slate">{section.text}</p> : null}
        <SmartLink href={demoUrl} className={buttonClassName({ size: "L", className: "mt-8" })}>
          Book a demo
        </SmartLink>
      </div>
    </SectionFrame>
  );
}

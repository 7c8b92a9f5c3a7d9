import type { ReactNode } from "react";
import type { RenderedSectionOf } from "../content/index.ts";
import { SmartLink, useSiteSettings } from "../shell/index.ts";
import { buttonClassName, Heading } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";

/**
 * Where a lead form goes: the section's heading and text, then the form itself, which the
 * form-page template renders live (`children`). Wherever no form is supplied (the style
 * guide), visitors get a working path to the same outcome: the demo page.
 */
export function FormSection({
  section,
  index,
  children,
}: SectionProps<RenderedSectionOf<"form">> & { children?: ReactNode }) {
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
        {children ? null : (
          <SmartLink href={demoUrl} className={buttonClassName({ size: "L", className: "mt-8" })}>
            Book a demo
          </SmartLink>
        )}
      </div>
      {children ? <div className="mt-8">{children}</div> : null}
    </SectionFrame>
  );
}

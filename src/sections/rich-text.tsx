import { RichText } from "../ui/rich-text.tsx";
import type { SectionProps } from "./props.ts";
import type { RenderedSection } from "./schema.ts";
import { SectionFrame } from "./section-frame.tsx";

type RichTextSection = Extract<RenderedSection, { type: "rich-text" }>;

/** Markdown the build rendered and sanitised (src/build/section-markdown.ts). */
export function RichTextSection({ section }: SectionProps<RichTextSection>) {
  return (
    <SectionFrame
      id={section.id}
      type="rich-text"
      background={section.background}
      width={section.width === "wide" ? "default" : "narrow"}
    >
      <RichText html={section.html} />
    </SectionFrame>
  );
}

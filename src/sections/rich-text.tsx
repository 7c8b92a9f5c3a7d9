import type { RenderedSection } from "../content/index.ts";
import { RichText } from "../ui/index.ts";
import type { SectionProps } from "./props.ts";
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

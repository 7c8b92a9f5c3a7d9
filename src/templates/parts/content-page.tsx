import type { ReactNode } from "react";
import { navigate, type PageProps } from "../../runtime/index.ts";
import { Image, RichText } from "../../ui/index.ts";
import type { ContentPageData } from "../data.ts";

/** Shared body of the home, page and landing templates: a hero heading and the Markdown body. */
export function ContentPage({
  data,
  variant,
  children,
}: PageProps<ContentPageData> & { variant: string; children?: ReactNode }) {
  const { page } = data;
  return (
    <article className="mx-auto max-w-3xl px-6 py-16" data-template={variant}>
      <h1 className="text-4xl font-bold tracking-tight text-charcoal m:text-5xl">{page.heading}</h1>
      <p className="mt-4 text-lg text-slate">{page.description}</p>
      {data.image && <Image image={data.image} className="mt-10 rounded-2xl shadow-lg" />}
      <RichText html={page.html} className="mt-10" onNavigate={navigate} />
      {children}
    </article>
  );
}

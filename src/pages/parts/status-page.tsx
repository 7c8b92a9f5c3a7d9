import type { ReactNode } from "react";
import { ButtonLink, SmartLink } from "../../shell/index.ts";
import { ArrowRightIcon, Container, Heading } from "../../ui/index.ts";

/** Places a lost visitor most likely wants; every one is a real page. */
const HELPFUL_LINKS = [
  { href: "/pricing/", title: "Pricing", text: "Plans from $20 per user a month." },
  { href: "/product-tour/", title: "Product tour", text: "Harbor Desk in five minutes." },
  { href: "/blog/", title: "Blog", text: "Ideas for support teams." },
] as const;

/** The shared layout of the 404 and 500 pages: status code, headline, explanation, ways on. */
export function StatusPage(props: {
  code: string;
  codeClassName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Container width="narrow" className="py-section text-center">
      <p className={`text-overline ${props.codeClassName}`}>Error {props.code}</p>
      <Heading level={1} size="display" className="mt-3 text-charcoal">
        {props.title}
      </Heading>
      <p className="mt-5 text-lead text-slate">{props.children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/" size="L">
          Go to the home page
        </ButtonLink>
        <ButtonLink href="#contact-us" variant="outline" size="L">
          Ask us for help
        </ButtonLink>
      </div>
      <ul className="mt-14 grid gap-4 text-left s:grid-cols-3">
        {HELPFUL_LINKS.map((link) => (
          <li key={link.href}>
            <SmartLink
              href={link.href}
              className="group block h-full rounded-2xl border border-charcoal-tint p-5 hover:border-cobalt"
            >
              <span className="flex items-center justify-between font-semibold text-charcoal group-hover:text-cobalt">
                {link.title}
                <ArrowRightIcon className="size-4" />
              </span>
              <span className="mt-1 block text-sm text-slate">{link.text}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </Container>
  );
}

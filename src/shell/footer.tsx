import { memo } from "react";
import type { Footer as FooterData, FooterItem, SiteSettings } from "../content/index.ts";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { useStaticQuery } from "../runtime/index.ts";
import { Badge, FacebookLogo, InstagramLogo, LinkedInLogo, LogoMark, XLogo } from "../ui/index.ts";
import { NEW_BADGE_TEXT, STATUS_BADGE_TEXT, STATUS_ITEM_TITLE } from "./constants.ts";
import type { FooterMode } from "./path-rules.ts";
import { SmartLink } from "./smart-link.tsx";
import { useCopyrightYear } from "./use-copyright-year.ts";

export interface FooterProps {
  mode: FooterMode;
  settings: Partial<SiteSettings>;
}

function footerColumns(data: FooterData | null): FooterData["columns"] | null {
  return data && Array.isArray(data.columns) ? data.columns : null;
}

/**
 * The site footer: full (columns, social links, copyright), small (logo and copyright) or
 * hidden, by path. Renders nothing when the footer data is missing (spec §2).
 */
export const Footer = memo(function Footer({ mode, settings }: FooterProps) {
  const columns = footerColumns(useStaticQuery<FooterData>(STATIC_QUERY_HASH.footer));
  if (mode === "hidden" || !columns) return null;
  const productName = settings.productName ?? "";
  return (
    <footer data-footer={mode} className="bg-charcoal text-charcoal-tint">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10">
        {mode === "full" ? <FooterColumns columns={columns} settings={settings} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SmartLink
            href="/"
            className="flex items-center gap-2 rounded-md font-bold text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <LogoMark className="size-6" />
            {productName || "Home"}
          </SmartLink>
          {mode === "full" ? <SocialLinks settings={settings} /> : null}
          <Copyright productName={productName} />
        </div>
      </div>
    </footer>
  );
});

function Copyright({ productName }: { productName: string }) {
  const { year, remountKey } = useCopyrightYear();
  return (
    <p className="text-sm">
      ©{" "}
      <span key={remountKey} data-copyright-year suppressHydrationWarning>
        {year}
      </span>{" "}
      {productName ? `${productName}. ` : ""}All rights reserved.
    </p>
  );
}

/** A link in the footer's columns: one named utility (src/site/styles.css) for 30-odd links. */
const FOOTER_LINK = "footer-link";

function FooterColumns({
  columns,
  settings,
}: {
  columns: FooterData["columns"];
  settings: Partial<SiteSettings>;
}) {
  const { doNotSellUrl } = settings;
  const listsDoNotSell = columns.some((column) =>
    column.items.some((item) => item.url === doNotSellUrl),
  );
  return (
    <nav aria-label="Footer" className="grid grid-cols-2 gap-8 m:grid-cols-4">
      {columns.map((column) => (
        <div key={column.title}>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
            {column.title}
          </h2>
          <ul className="grid gap-2">
            {column.items.map((item) => (
              <li key={item.title} className="flex flex-wrap items-center gap-2">
                <FooterItemContent item={item} />
              </li>
            ))}
            {doNotSellUrl && !listsDoNotSell && column === columns.at(-1) ? (
              <li>
                <SmartLink href={doNotSellUrl} className={FOOTER_LINK}>
                  Do Not Sell or Share My Personal Information
                </SmartLink>
              </li>
            ) : null}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function FooterItemContent({ item }: { item: FooterItem }) {
  if (item.html) {
    return (
      <div
        className="text-sm [&_a]:underline"
        // The build sanitises footer `html` (sanitize-html) before it reaches the static query.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised at build time, see above.
        dangerouslySetInnerHTML={{ __html: item.html }}
      />
    );
  }
  const badge =
    item.title === STATUS_ITEM_TITLE ? (
      <Badge color="green" size="XS" data-badge="status">
        {STATUS_BADGE_TEXT}
      </Badge>
    ) : item.isNew ? (
      <Badge color="yellow" size="XS" data-badge="new">
        {NEW_BADGE_TEXT}
      </Badge>
    ) : null;
  return (
    <>
      {item.url ? (
        <SmartLink href={item.url} className={FOOTER_LINK}>
          {item.title}
        </SmartLink>
      ) : (
        <span>{item.title}</span>
      )}
      {badge}
    </>
  );
}

const SOCIAL = [
  { key: "x", label: "X", Icon: XLogo },
  { key: "facebook", label: "Facebook", Icon: FacebookLogo },
  { key: "linkedin", label: "LinkedIn", Icon: LinkedInLogo },
  { key: "instagram", label: "Instagram", Icon: InstagramLogo },
] as const;

function SocialLinks({ settings }: { settings: Partial<SiteSettings> }) {
  const { social, productName } = settings;
  if (!social) return null;
  return (
    <ul className="flex items-center gap-2">
      {SOCIAL.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={social[key]}
            aria-label={productName ? `${productName} on ${label}` : label}
            className="flex rounded-md p-2 text-charcoal-tint hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The company pages (template `company`): about, careers, the openings list, press, contact.
 * They share a navigation, and the page at JOBS_PATH lists the open jobs.
 */
import type { NavLink } from "../templates/index.ts";
import { JOBS_PATH } from "../templates/index.ts";
import type { SiteContent } from "./content.ts";

/** Where the company pages sit in their navigation; other company pages follow by title. */
export const COMPANY_NAV_ORDER = ["/about/", "/careers/", JOBS_PATH, "/press/", "/contact/"];

export function companyNav(content: SiteContent): NavLink[] {
  const links: NavLink[] = content.pages
    .filter((page) => page.frontMatter.template === "company")
    .map((page) => ({
      label: page.frontMatter.navLabel ?? page.frontMatter.title,
      path: page.path,
    }));
  const rank = (path: string) => {
    const index = COMPANY_NAV_ORDER.indexOf(path);
    return index === -1 ? COMPANY_NAV_ORDER.length : index;
  };
  return links.sort((a, b) => rank(a.path) - rank(b.path) || a.label.localeCompare(b.label));
}

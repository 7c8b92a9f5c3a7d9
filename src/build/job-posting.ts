/**
 * JobPosting structured data (schema.org, as Google's job search reads it) for an open job
 * page. Kept in its own module: the site's other structured data lives elsewhere.
 */
import type { SiteSettings } from "../content/index.ts";
import type { JobEntry } from "./collections.ts";

export function jobPostingJsonLd(
  job: JobEntry,
  options: { settings: SiteSettings; url: string; descriptionHtml: string },
): Record<string, unknown> {
  const fm = job.frontMatter;
  const { settings } = options;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: fm.title,
    description: options.descriptionHtml,
    identifier: { "@type": "PropertyValue", name: settings.productName, value: job.slug },
    datePosted: fm.datePosted,
    ...(fm.validThrough ? { validThrough: fm.validThrough } : {}),
    employmentType: fm.employmentType,
    hiringOrganization: {
      "@type": "Organization",
      name: settings.productName,
      sameAs: settings.siteUrl,
    },
    // Every role is remote; the countries say where the person may live.
    jobLocationType: "TELECOMMUTE",
    applicantLocationRequirements: fm.countries.map((country) => ({
      "@type": "Country",
      name: country,
    })),
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: fm.salary.currency,
      value: {
        "@type": "QuantitativeValue",
        minValue: fm.salary.min,
        maxValue: fm.salary.max,
        unitText: "YEAR",
      },
    },
    directApply: true,
    url: options.url,
  };
}

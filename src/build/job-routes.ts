/**
 * Job posts: one page per open job with the application form and JobPosting structured data;
 * the company page at JOBS_PATH lists them (openingsFor). A closed job builds no page: its URL redirects to the openings
 * (siteRedirects in redirects.ts), so links to it from elsewhere keep working.
 */
import type { FormDefinition } from "../forms/index.ts";
import { componentChunkName } from "../site/index.ts";
import type { JobData, JobSummary, NavLink } from "../templates/index.ts";
import { jobPath } from "../templates/index.ts";
import type { JobEntry } from "./collections.ts";
import { companyNav } from "./company.ts";
import type { SiteContent } from "./content.ts";
import { placedForms } from "./forms.ts";
import { jobPostingJsonLd } from "./job-posting.ts";
import { renderMarkdown } from "./markdown.ts";
import type { HeadBuilder, Route } from "./routes.ts";

/** The hidden field of the application form that says which job it is for. */
export const JOB_ID_FIELD = "job_id";

const EMPLOYMENT_LABELS: Record<JobEntry["frontMatter"]["employmentType"], string> = {
  FULL_TIME: "Full-time",
  PART_TIME: "Part-time",
  CONTRACTOR: "Contract",
  INTERN: "Internship",
};

export function formatSalary({ currency, min, max }: JobEntry["frontMatter"]["salary"]): string {
  const money = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  });
  return `${money.format(min)}–${money.format(max)} a year`;
}

export function jobSummary(job: JobEntry): JobSummary {
  const fm = job.frontMatter;
  return {
    slug: job.slug,
    path: jobPath(job.slug),
    title: fm.title,
    description: fm.description,
    team: fm.team,
    location: fm.location,
    employment: EMPLOYMENT_LABELS[fm.employmentType],
    salary: formatSalary(fm.salary),
  };
}

/** The application form with its hidden job field preset, so each lead names its job. */
export function applicationFor(form: FormDefinition, slug: string): FormDefinition {
  return {
    ...form,
    fieldGroups: form.fieldGroups.map((group) => ({
      ...group,
      alternative_fields: group.alternative_fields.map((field) =>
        field.name === JOB_ID_FIELD ? { ...field, defaultValue: slug } : field,
      ),
    })),
  };
}

export function jobRoutes(content: SiteContent, head: HeadBuilder): Route[] {
  const open = content.jobs.filter((job) => !job.frontMatter.closed);
  if (open.length === 0) return [];
  const nav: NavLink[] = companyNav(content);
  const summaries = open.map(jobSummary);
  const routes: Route[] = [];

  open.forEach((job, index) => {
    const summary = summaries[index] as JobSummary;
    const fm = job.frontMatter;
    const [form] = placedForms(content.forms, [fm.form]);
    if (!form) throw new Error(`${job.file}: the form "${fm.form}" is missing`);
    const html = renderMarkdown(job.body);
    const data: JobData = {
      job: {
        ...summary,
        html: "",
        datePosted: fm.datePosted,
        ...(fm.validThrough ? { validThrough: fm.validThrough } : {}),
      },
      openings: summaries.filter((other) => other.slug !== job.slug),
      form: applicationFor(form, job.slug),
      companyNav: nav,
    };
    const url = new URL(summary.path, content.settings.siteUrl).href;
    routes.push({
      path: summary.path,
      componentChunkName: componentChunkName("templates", "job"),
      head: head(summary.path, `${fm.title} (${fm.location})`, fm.description, {
        jsonLd: [jobPostingJsonLd(job, { settings: content.settings, url, descriptionHtml: html })],
      }),
      pageContext: { job: job.slug },
      data,
      markdown: { target: "job", body: job.body },
      inSitemap: true,
    });
  });
  return routes;
}

/** The open jobs, as the openings page lists them. */
export function openingsFor(content: SiteContent): JobSummary[] {
  return content.jobs.filter((job) => !job.frontMatter.closed).map(jobSummary);
}

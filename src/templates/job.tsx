import { announceSubmitted, LeadForm } from "../lead-form/index.ts";
import { formatDate } from "../lib/index.ts";
import { followSameSiteLink, Link, type PageProps } from "../runtime/index.ts";
import { Badge, Card, Container, Heading, RichText } from "../ui/index.ts";
import type { JobData } from "./data.ts";
import { CompanyNav, Openings } from "./parts/company.tsx";

import { JOBS_PATH } from "./paths.ts";

/** `/careers/jobs/{slug}/`: the role, its terms, the application form and the other roles. */
export default function JobTemplate({ data, location }: PageProps<JobData>) {
  const { job, openings, form } = data;
  return (
    <>
      <CompanyNav links={data.companyNav} current={JOBS_PATH} />
      <Container width="narrow" className="py-section">
        <article>
          <Badge color="slate-tint">{job.team}</Badge>
          <Heading level={1} className="mt-3">
            {job.title}
          </Heading>
          <p className="mt-4 text-lead text-slate">{job.description}</p>
          <dl className="mt-8 grid gap-x-6 gap-y-2 rounded-2xl bg-slate-tint p-6 text-sm s:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-charcoal">Location</dt>
            <dd className="text-charcoal">{job.location}</dd>
            <dt className="font-semibold text-charcoal">Type</dt>
            <dd className="text-charcoal">{job.employment}</dd>
            <dt className="font-semibold text-charcoal">Salary</dt>
            <dd className="text-charcoal">{job.salary}, plus equity</dd>
            <dt className="font-semibold text-charcoal">Posted</dt>
            <dd className="text-charcoal">
              <time dateTime={job.datePosted}>{formatDate(job.datePosted)}</time>
              {job.validThrough ? (
                <>
                  {" "}
                  · apply by <time dateTime={job.validThrough}>{formatDate(job.validThrough)}</time>
                </>
              ) : null}
            </dd>
          </dl>
          <RichText html={job.html} className="mt-10" onClick={followSameSiteLink} />
        </article>
        <Card tone="tint" className="mt-12">
          <section aria-labelledby="apply">
            <Heading level={2} size="h3" id="apply">
              Apply for this role
            </Heading>
            <p className="mt-2 text-slate">
              A person on the hiring team reads every application and replies within ten working
              days, whatever the answer.
            </p>
            <LeadForm
              form={form}
              pagePath={location.pathname}
              pageTitle={job.title}
              onSubmitted={announceSubmitted}
              className="mt-6"
            />
          </section>
        </Card>
        {openings.length > 0 ? (
          <section aria-labelledby="other-roles" className="mt-16">
            <Heading level={2} id="other-roles">
              Other open roles
            </Heading>
            <div className="mt-6">
              <Openings openings={openings} level={3} />
            </div>
          </section>
        ) : null}
        <p className="mt-12">
          <Link to={JOBS_PATH} className="font-semibold text-cobalt hover:underline">
            ← All open roles
          </Link>
        </p>
      </Container>
    </>
  );
}

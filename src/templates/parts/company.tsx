/**
 * What the company pages share: their navigation and the list of open jobs. One module, so
 * the company, form-page and job templates load them as one small chunk.
 */
import { Link } from "../../runtime/index.ts";
import { Card, Container, Heading } from "../../ui/index.ts";
import type { JobSummary, NavLink } from "../data.ts";

/** About, careers, openings, press, contact: the company pages link to one another. */
export function CompanyNav({ links, current }: { links: NavLink[]; current: string }) {
  return (
    <nav aria-label="Company" className="border-b border-charcoal-tint bg-white">
      <Container>
        <ul className="flex gap-6 overflow-x-auto py-3 text-sm font-semibold whitespace-nowrap">
          {links.map((link) => (
            <li key={link.path}>
              <Link
                to={link.path}
                aria-current={link.path === current ? "page" : undefined}
                className={
                  link.path === current
                    ? "text-charcoal underline decoration-2 underline-offset-8"
                    : "text-slate hover:text-cobalt"
                }
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
/** Open jobs grouped by team, each with where, how and how much. */
export function Openings({ openings, level = 2 }: { openings: JobSummary[]; level?: 2 | 3 }) {
  const teams = [...new Set(openings.map((job) => job.team))].sort();
  return (
    <>
      {teams.map((team) => (
        <section key={team} aria-label={team} className="mt-10 first:mt-0">
          <Heading level={level} size="h3">
            {team}
          </Heading>
          <ul className="mt-4 grid gap-4">
            {openings
              .filter((job) => job.team === team)
              .map((job) => (
                <li key={job.slug}>
                  <Card>
                    <Link to={job.path} className="text-charcoal hover:underline">
                      <Heading level={level === 2 ? 3 : 4} size="h4">
                        {job.title}
                      </Heading>
                    </Link>
                    <p className="mt-1 text-sm text-slate">
                      {job.location} · {job.employment} · {job.salary}
                    </p>
                    <p className="mt-2 text-charcoal">{job.description}</p>
                  </Card>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

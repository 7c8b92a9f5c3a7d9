import { Link } from "../../runtime/index.ts";
import { Card, Heading } from "../../ui/index.ts";
import type { JobSummary } from "../data.ts";

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

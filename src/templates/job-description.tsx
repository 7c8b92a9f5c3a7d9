import { Link, type PageProps } from "../runtime/index.ts";
import { libraryPath } from "../tools/interview/index.ts";
import { buttonClassName } from "../ui/index.ts";
import type { JobDescriptionData } from "./data.ts";

/** `/job-descriptions/{role}/`: a job description template, tied to the role's interview. */
export default function JobDescriptionTemplate({ data }: PageProps<JobDescriptionData>) {
  const { role, competencies, otherRoles } = data;
  return (
    <article className="mx-auto max-w-3xl px-6 py-16" data-search-body>
      <p className="text-sm font-semibold uppercase tracking-wide text-cobalt">
        Job description template
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{data.headline}</h1>
      <p className="mt-4 text-lg text-slate">
        Copy this description, add your company’s name, location and pay range, and cut anything
        that does not fit your team. Every line is written to attract people who care about
        customers, not to filter by keywords.
      </p>

      <section aria-labelledby="about-the-role" className="mt-10">
        <h2 id="about-the-role" className="text-2xl font-semibold text-charcoal">
          About the&nbsp;role
        </h2>
        <p className="mt-3 text-charcoal">{role.summary}</p>
      </section>

      <section aria-labelledby="responsibilities" className="mt-10">
        <h2 id="responsibilities" className="text-2xl font-semibold text-charcoal">
          What you will&nbsp;do
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-charcoal">
          {role.responsibilities.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="requirements" className="mt-10">
        <h2 id="requirements" className="text-2xl font-semibold text-charcoal">
          What we are looking for
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-charcoal">
          {role.requirements.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="interview" className="mt-10 rounded-2xl bg-slate-tint p-6">
        <h2 id="interview" className="text-2xl font-semibold text-charcoal">
          How to interview for&nbsp;it
        </h2>
        <p className="mt-3 text-charcoal">
          Hire against the same qualities you advertise. The interview for this role focuses on:
        </p>
        <ul className="mt-3 space-y-2">
          {competencies.map((competency) => (
            <li key={competency.id}>
              <Link
                to={libraryPath(competency.id)}
                className="font-semibold text-cobalt hover:underline"
              >
                {competency.name}
              </Link>
              <span className="text-slate">: {competency.summary}</span>
            </li>
          ))}
        </ul>
        {/* Calls to action and links to other roles say nothing this page is found for. */}
        <div className="mt-6 flex flex-wrap gap-3" data-search-ignore>
          <Link to={role.builderPath} className={buttonClassName()}>
            Build the interview for this role
          </Link>
          <Link to={role.guidePath} className={buttonClassName({ variant: "outline" })}>
            Read the {role.title.toLowerCase()} interview guide
          </Link>
        </div>
      </section>

      <nav aria-label="Other job descriptions" className="mt-16" data-search-ignore>
        <h2 className="text-lg font-semibold text-charcoal">More support job descriptions</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {otherRoles.map((other) => (
            <li key={other.id}>
              <Link to={other.jobDescriptionPath} className="text-cobalt hover:underline">
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

import { Link, type PageProps } from "../runtime/index.ts";
import { libraryPath, SCORING_SCALE } from "../tools/interview/index.ts";
import { buttonClassName, InterviewSignals } from "../ui/index.ts";
import type { InterviewGuideData } from "./data.ts";

/** `/interview-guides/{role}/`: a ready-made structured interview for one role. */
export default function InterviewGuideTemplate({ data }: PageProps<InterviewGuideData>) {
  const { role, competencies, questions, otherRoles } = data;
  return (
    <article className="mx-auto max-w-4xl px-6 py-16" data-search-body>
      <p className="text-sm font-semibold uppercase tracking-wide text-cobalt">Interview guide</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{data.headline}</h1>
      <p className="mt-4 text-lg text-slate">{role.summary}</p>
      <p className="mt-4 text-charcoal">
        The interview in this guide has {questions.length} questions and takes about 45 minutes. It
        tests the {competencies.length} competencies that separate good hires from great ones in
        this role. Ask every candidate the same questions in the same order, score each answer on
        its own before moving on, and compare notes only after everyone has scored.
      </p>
      {/* Calls to action and links to other roles say nothing this page is found for. */}
      <div className="mt-8 flex flex-wrap gap-3 print:hidden" data-search-ignore>
        <Link to={role.builderPath} className={buttonClassName({ size: "L" })}>
          Customise this guide in the builder
        </Link>
        <Link
          to={role.jobDescriptionPath}
          className={buttonClassName({ variant: "outline", size: "L" })}
        >
          {role.title} job description
        </Link>
      </div>

      <section aria-labelledby="what-to-assess" className="mt-12">
        <h2 id="what-to-assess" className="text-2xl font-semibold text-charcoal">
          What to assess
        </h2>
        <dl className="mt-4 grid gap-4 m:grid-cols-2">
          {competencies.map((competency) => (
            <div key={competency.id} className="rounded-xl bg-slate-tint p-4">
              <dt className="font-semibold text-charcoal">
                <Link to={libraryPath(competency.id)} className="hover:underline">
                  {competency.name}
                </Link>
              </dt>
              <dd className="mt-1 text-sm text-slate">{competency.summary}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="scoring" className="mt-12">
        <h2 id="scoring" className="text-2xl font-semibold text-charcoal">
          How to&nbsp;score
        </h2>
        <ol className="mt-4 grid gap-2 m:grid-cols-2">
          {SCORING_SCALE.map((step) => (
            <li key={step.score} className="rounded-xl border border-charcoal-tint p-3 text-sm">
              <span className="font-semibold text-charcoal">
                {step.score} · {step.label}.
              </span>{" "}
              <span className="text-slate">{step.meaning}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="questions" className="mt-12">
        <h2 id="questions" className="text-2xl font-semibold text-charcoal">
          The questions
        </h2>
        <ol className="mt-6 space-y-10">
          {questions.map((question, index) => (
            <li key={question.id} className="border-t border-charcoal-tint pt-6">
              <p className="text-sm font-semibold text-slate">
                {index + 1}. {question.competencyName}
              </p>
              <h3 className="mt-1 text-xl font-semibold text-charcoal">{question.text}</h3>
              <InterviewSignals question={question} headingLevel={4} />
            </li>
          ))}
        </ol>
      </section>

      <nav aria-label="Guides for other roles" className="mt-16 print:hidden" data-search-ignore>
        <h2 className="text-lg font-semibold text-charcoal">
          Interview guides for other&nbsp;roles
        </h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {otherRoles.map((other) => (
            <li key={other.id}>
              <Link to={other.guidePath} className="text-cobalt hover:underline">
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

import { Link, type PageProps } from "../runtime/index.ts";
import { INTERVIEW_BUILDER_PATH, libraryPath } from "../tools/interview/index.ts";
import { buttonClassName, InterviewSignals } from "../ui/index.ts";
import type { InterviewLibraryData } from "./data.ts";

/** `/interview-builder/library/` and one page per competency: the question library, for reading and search. */
export default function InterviewLibraryTemplate({ data }: PageProps<InterviewLibraryData>) {
  const { competency, competencies, questions, roles } = data;
  return (
    <div className="mx-auto max-w-4xl px-6 py-16">
      <nav aria-label="Breadcrumb" className="text-sm text-slate">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to={INTERVIEW_BUILDER_PATH} className="text-cobalt hover:underline">
              Interview builder
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          {competency ? (
            <li>
              <Link to={libraryPath()} className="text-cobalt hover:underline">
                Question library
              </Link>
            </li>
          ) : (
            <li aria-current="page">Question library</li>
          )}
        </ol>
      </nav>
      {competency ? (
        <>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-charcoal">{data.headline}</h1>
          <p className="mt-4 text-lg text-slate">{competency.summary}</p>
          <p className="mt-4 text-charcoal">{competency.whyItMatters}</p>
          <section aria-labelledby="build-for-role" className="mt-8 rounded-2xl bg-slate-tint p-6">
            <h2 id="build-for-role" className="text-lg font-semibold text-charcoal">
              Build a {competency.name.toLowerCase()} interview
            </h2>
            <p className="mt-1 text-sm text-slate">
              Open the builder with this competency’s questions for the role you are hiring.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {roles.map((role) => (
                <li key={role.id}>
                  <Link
                    to={role.competencyBuilderPath}
                    className={buttonClassName({ variant: "outline", size: "S" })}
                  >
                    {role.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <ol className="mt-12 space-y-10">
            {questions.map((question, index) => (
              <li key={question.id} id={question.id} className="border-t border-charcoal-tint pt-8">
                <article aria-labelledby={`${question.id}-text`}>
                  <p className="text-sm font-semibold text-slate">Question {index + 1}</p>
                  <h2
                    id={`${question.id}-text`}
                    className="mt-1 text-xl font-semibold text-charcoal"
                  >
                    {question.text}
                  </h2>
                  <p className="mt-2 text-sm text-slate">Suits: {question.roleTitles.join(", ")}</p>
                  <InterviewSignals question={question} />
                  <p className="mt-4">
                    <Link
                      to={question.builderPath}
                      className="font-semibold text-cobalt hover:underline"
                    >
                      Start an interview with this question
                      <span className="sr-only">: {question.text}</span>
                    </Link>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-charcoal">{data.headline}</h1>
          <p className="mt-4 text-lg text-slate">
            {questions.length} questions written for hiring support specialists, leads, operations
            and managers. Each one comes with follow-ups and with what a strong and a weak answer
            shows, so every interviewer on your panel scores against the same bar.
          </p>
          <p className="mt-6">
            <Link to={INTERVIEW_BUILDER_PATH} className={buttonClassName({ size: "L" })}>
              Build an interview from these questions
            </Link>
          </p>
          {competencies.map((entry) => (
            <section key={entry.id} aria-labelledby={`${entry.id}-heading`} className="mt-12">
              <h2 id={`${entry.id}-heading`} className="text-2xl font-semibold text-charcoal">
                <Link to={entry.path} className="hover:underline">
                  {entry.name}
                </Link>
              </h2>
              <p className="mt-2 text-slate">{entry.summary}</p>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-charcoal">
                {questions
                  .filter((question) => question.competency === entry.id)
                  .map((question) => (
                    <li key={question.id}>
                      <Link to={`${entry.path}#${question.id}`} className="hover:underline">
                        {question.text}
                      </Link>
                    </li>
                  ))}
              </ul>
              <p className="mt-3 text-sm">
                <Link to={entry.path} className="font-semibold text-cobalt hover:underline">
                  All {entry.questionCount} {entry.name.toLowerCase()} questions with scoring notes
                </Link>
              </p>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

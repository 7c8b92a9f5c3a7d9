import { Link, type PageProps } from "../runtime/index.ts";

/** Interview question sets, each shareable at its own client-side path under the page. */
const LIBRARY = [
  {
    slug: "empathy",
    title: "Empathy",
    questions: [
      "Tell us about a time a customer was upset. What did you do first?",
      "How do you say no to a customer kindly?",
    ],
  },
  {
    slug: "writing",
    title: "Clear writing",
    questions: [
      "Rewrite this reply so a first-time customer understands it.",
      "How do you decide what to leave out of an answer?",
    ],
  },
  {
    slug: "ownership",
    title: "Ownership",
    questions: ["Describe a problem you fixed that wasn't yours to fix."],
  },
] as const;

const INTERVIEW_BUILDER_PATH = "/interview-builder/";

export default function InterviewBuilderPage({ location }: PageProps) {
  const slug = location.pathname.slice(INTERVIEW_BUILDER_PATH.length).replace(/\/+$/, "");
  const selected = LIBRARY.find((set) => set.slug === slug);
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold tracking-tight text-charcoal">Interview builder</h1>
      <p className="mt-4 text-lg text-slate">
        Pick a skill to see questions you can use in your next support interview.
      </p>
      <nav aria-label="Question library" className="mt-8">
        <ul className="flex flex-wrap gap-3">
          {LIBRARY.map((set) => (
            <li key={set.slug}>
              <Link
                to={`${INTERVIEW_BUILDER_PATH}${set.slug}/`}
                aria-current={set.slug === slug ? "page" : undefined}
                className="inline-block rounded-full border border-slate px-4 py-2 text-charcoal aria-[current=page]:bg-charcoal aria-[current=page]:text-white"
              >
                {set.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <section className="mt-10" aria-labelledby="question-set">
          <h2 id="question-set" className="text-2xl font-semibold text-charcoal">
            {selected.title} questions
          </h2>
          <ol className="mt-4 list-decimal space-y-2 pl-6">
            {selected.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ol>
        </section>
      ) : (
        <p className="mt-10 text-slate">Choose a skill above to start.</p>
      )}
    </div>
  );
}

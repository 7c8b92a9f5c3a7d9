import type { Question } from "../tools/interview/index.ts";

/**
 * A question's follow-ups and its strong and weak signals: shared by the builder's guide,
 * the library pages and the interview-guide template so all three read the same.
 */
export function InterviewSignals({
  question,
  headingLevel = 3,
}: {
  question: Pick<Question, "id" | "strong" | "weak" | "followUps">;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="mt-4 grid gap-4 m:grid-cols-3 print:grid-cols-3 print:gap-2">
      <div>
        <Heading id={`${question.id}-follow-ups`} className="text-sm font-semibold text-charcoal">
          Follow-up questions
        </Heading>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate print:text-black">
          {question.followUps.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </div>
      <div>
        <Heading id={`${question.id}-strong`} className="text-sm font-semibold text-green-800">
          A strong answer shows
        </Heading>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate print:text-black">
          {question.strong.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </div>
      <div>
        <Heading id={`${question.id}-weak`} className="text-sm font-semibold text-clay">
          A weak answer shows
        </Heading>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate print:text-black">
          {question.weak.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

import { type RefObject, useEffect, useRef } from "react";
import { type Guide, SCORING_SCALE } from "../../tools/interview/index.ts";
import { Button, InterviewSignals } from "../../ui/index.ts";

/** Which control should hold focus after an edit re-renders the list. */
export type FocusTarget =
  | { kind: "move"; id: string; direction: "up" | "down" }
  | { kind: "item"; index: number }
  | { kind: "heading" };

/**
 * Step 2: the interview guide and scoring sheet, one card per question. Every card has
 * keyboard-operable Move up, Move down and Remove buttons; after an edit, focus stays with
 * the moved question (or moves to the next one) so keyboard users keep their place.
 */
export function InterviewPlan(props: {
  guide: Guide;
  headingRef: RefObject<HTMLHeadingElement | null>;
  focus: FocusTarget | null;
  onFocusDone: () => void;
  onMove: (id: string, direction: "up" | "down") => void;
  onRemove: (id: string, index: number) => void;
}) {
  const { guide, focus, onFocusDone, headingRef } = props;
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focus) return;
    const root = list.current;
    let target: HTMLElement | null | undefined;
    if (focus.kind === "move") {
      const card = root?.querySelector<HTMLElement>(`[data-question="${focus.id}"]`);
      const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${focus.direction}"]`);
      // At either end the button just used is disabled: hand focus to its partner.
      target = wanted && !wanted.disabled ? wanted : card?.querySelector("[data-move]:enabled");
    } else if (focus.kind === "item") {
      const cards = root?.querySelectorAll<HTMLElement>("[data-question]") ?? [];
      const card = cards[Math.min(focus.index, cards.length - 1)];
      target = card?.querySelector<HTMLButtonElement>("[data-remove]");
    }
    (target ?? headingRef.current)?.focus();
    onFocusDone();
  }, [focus, onFocusDone, headingRef]);

  const count = guide.questions.length;
  return (
    <section aria-labelledby="guide-heading" className="mt-10">
      <h2
        id="guide-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold text-charcoal focus:outline-none"
      >
        Interview guide: {guide.roleTitle}
      </h2>
      <p className="mt-2 text-slate print:text-black">
        {count === 0
          ? "No questions yet. Ask for suggestions or add questions from the library below."
          : `${count} ${count === 1 ? "question" : "questions"}${
              guide.competencyNames.length > 0
                ? ` assessing ${guide.competencyNames.join(", ").toLowerCase()}`
                : ""
            }. Score each answer on its own before moving on.`}
      </p>
      <section aria-labelledby="scale-heading" className="mt-4 print:break-inside-avoid">
        <h3 id="scale-heading" className="text-sm font-semibold text-charcoal">
          Scoring scale
        </h3>
        <ol className="mt-2 grid gap-2 s:grid-cols-2 l:grid-cols-4 print:grid-cols-4">
          {SCORING_SCALE.map((step) => (
            <li key={step.score} className="rounded-lg border border-charcoal-tint p-2 text-sm">
              <span className="font-semibold text-charcoal">
                {step.score} · {step.label}:
              </span>{" "}
              <span className="text-slate print:text-black">{step.meaning}</span>
            </li>
          ))}
        </ol>
      </section>
      <ol ref={list} className="mt-6 space-y-6" aria-label="Interview questions">
        {guide.questions.map((question, index) => (
          <li
            key={question.id}
            data-question={question.id}
            className="rounded-2xl border border-charcoal-tint p-5 print:break-inside-avoid print:rounded-none print:border-x-0 print:border-b-0 print:px-0"
          >
            <article aria-labelledby={`plan-${question.id}`}>
              <p className="text-sm font-semibold text-slate print:text-black">
                Question {index + 1} · {question.competencyName}
              </p>
              <h3 id={`plan-${question.id}`} className="mt-1 text-lg font-semibold text-charcoal">
                {question.text}
              </h3>
              <InterviewSignals question={question} headingLevel={4} />
              <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <span className="font-semibold text-charcoal">Score</span>
                {SCORING_SCALE.map((step) => (
                  <span
                    key={step.score}
                    className="inline-flex size-7 items-center justify-center rounded-full border border-slate text-charcoal"
                  >
                    {step.score}
                  </span>
                ))}
                <span className="hidden print:inline">Notes: ______________________________</span>
              </div>
              <div className="mt-4 flex flex-wrap gap-2 print:hidden">
                <Button
                  variant="outline"
                  size="S"
                  data-move="up"
                  aria-label={`Move up: ${question.text}`}
                  disabled={index === 0}
                  onClick={() => props.onMove(question.id, "up")}
                >
                  Move up
                </Button>
                <Button
                  variant="outline"
                  size="S"
                  data-move="down"
                  aria-label={`Move down: ${question.text}`}
                  disabled={index === count - 1}
                  onClick={() => props.onMove(question.id, "down")}
                >
                  Move down
                </Button>
                <Button
                  variant="outline"
                  size="S"
                  data-remove=""
                  aria-label={`Remove: ${question.text}`}
                  onClick={() => props.onRemove(question.id, index)}
                >
                  Remove
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

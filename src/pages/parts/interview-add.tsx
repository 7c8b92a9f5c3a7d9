import { useEffect, useRef, useState } from "react";
import type { BuilderLibrary, BuilderState } from "../../tools/interview/index.ts";
import { MAX_QUESTIONS } from "../../tools/interview/index.ts";
import { Button } from "../../ui/index.ts";

/**
 * Step 3: every library question not yet in the interview, by competency. Ticked
 * competencies open first; questions that suit the chosen role come first in each.
 *
 * A closed competency renders its summary only and its questions once opened: the whole list
 * would be most of the page's markup (a third of its first response), all of it below the fold.
 */
export function InterviewAdd(props: {
  library: BuilderLibrary;
  state: BuilderState;
  onAdd: (id: string) => void;
}) {
  const { library, state } = props;
  const root = useRef<HTMLElement>(null);
  // The Add button just used disappears with its question: focus the next one in that list.
  const pendingFocus = useRef<{ competency: string; index: number } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !root.current) return;
    pendingFocus.current = null;
    // Enabled ones only: once the guide is full every Add button is disabled and takes no
    // focus, which then fell to the page's body; the section's heading takes it instead.
    const buttons = root.current.querySelectorAll<HTMLButtonElement>(
      `[data-competency="${pending.competency}"] [data-add]:enabled`,
    );
    const next = buttons[Math.min(pending.index, buttons.length - 1)];
    (next ?? root.current.querySelector<HTMLElement>("#add-heading"))?.focus();
  });
  // What the visitor opened or closed; otherwise a competency is open when it is ticked.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isOpen = (id: string) => toggled.get(id) ?? state.competencies.includes(id);
  const chosen = new Set(state.questions);
  const full = state.questions.length >= MAX_QUESTIONS;
  const ordered = [
    ...library.competencies.filter((c) => state.competencies.includes(c.id)),
    ...library.competencies.filter((c) => !state.competencies.includes(c.id)),
  ];
  return (
    <section ref={root} aria-labelledby="add-heading" className="mt-12 print:hidden">
      <h2
        id="add-heading"
        tabIndex={-1}
        className="text-2xl font-semibold text-charcoal focus:outline-none"
      >
        Add questions from the library
      </h2>
      {full && (
        <p className="mt-2 text-clay">
          An interview holds at most {MAX_QUESTIONS} questions. Remove one to add another.
        </p>
      )}
      {ordered.map((competency) => {
        const available = library.questions
          .filter((q) => q.competency === competency.id && !chosen.has(q.id))
          .sort(
            (a, b) => Number(b.roles.includes(state.role)) - Number(a.roles.includes(state.role)),
          );
        return (
          <details
            key={competency.id}
            open={isOpen(competency.id)}
            onToggle={(event) => {
              const open = event.currentTarget.open;
              if (open === isOpen(competency.id)) return;
              setToggled((previous) => new Map(previous).set(competency.id, open));
            }}
            data-competency={competency.id}
            className="mt-4 rounded-xl border border-charcoal-tint"
          >
            <summary className="cursor-pointer px-4 py-3 font-semibold text-charcoal">
              {competency.name}{" "}
              <span className="font-normal text-slate">({available.length} to add)</span>
            </summary>
            {isOpen(competency.id) && (
              <ul className="divide-y divide-charcoal-tint border-t border-charcoal-tint">
                {available.map((question, index) => (
                  <li
                    key={question.id}
                    className="flex items-start justify-between gap-4 px-4 py-3"
                  >
                    <p className="text-charcoal">
                      {question.text}
                      {!question.roles.includes(state.role) && (
                        <span className="ml-2 text-sm text-slate">(written for other roles)</span>
                      )}
                    </p>
                    <Button
                      size="S"
                      variant="secondary"
                      data-add=""
                      aria-label={`Add: ${question.text}`}
                      disabled={full}
                      onClick={() => {
                        pendingFocus.current = { competency: competency.id, index };
                        props.onAdd(question.id);
                      }}
                    >
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </details>
        );
      })}
    </section>
  );
}

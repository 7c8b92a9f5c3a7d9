import type { BuilderLibrary, BuilderState } from "../../tools/interview/index.ts";
import { Button } from "../../ui/index.ts";

/** Step 1: the role and the competencies to assess, and a fresh suggestion on demand. */
/** The picker's controls, as the page reads them while hydrating (interview-browser.ts). */
export const ROLE_SELECT_ID = "interview-role";
export const COMPETENCY_CHECKBOX_NAME = "competency";

export function InterviewPicker(props: {
  library: BuilderLibrary;
  state: BuilderState;
  edited: boolean;
  onRole: (role: string) => void;
  onCompetencies: (competencies: string[]) => void;
  onSuggest: () => void;
}) {
  const { library, state } = props;
  const toggle = (id: string, checked: boolean) =>
    props.onCompetencies(
      checked ? [...state.competencies, id] : state.competencies.filter((c) => c !== id),
    );
  return (
    <section
      aria-labelledby="picker-heading"
      className="rounded-2xl bg-slate-tint p-6 print:hidden"
    >
      <h2 id="picker-heading" className="text-xl font-semibold text-charcoal">
        1. Who are you hiring?
      </h2>
      <div className="mt-4">
        <label htmlFor="interview-role" className="block font-semibold text-charcoal">
          Role
        </label>
        <select
          id={ROLE_SELECT_ID}
          value={state.role}
          onChange={(event) => props.onRole(event.target.value)}
          className="mt-1 block w-full max-w-sm rounded-lg border border-slate bg-white px-3 py-2 text-charcoal"
        >
          {library.roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.title}
            </option>
          ))}
        </select>
        <p className="mt-2 text-sm text-slate">
          {library.roles.find((role) => role.id === state.role)?.summary}
        </p>
      </div>
      <fieldset className="mt-6">
        <legend className="font-semibold text-charcoal">Competencies to assess</legend>
        <div className="mt-2 grid gap-2 s:grid-cols-2 m:grid-cols-3">
          {library.competencies.map((competency) => (
            <div key={competency.id} className="flex items-start gap-2">
              <input
                type="checkbox"
                id={`competency-${competency.id}`}
                name={COMPETENCY_CHECKBOX_NAME}
                value={competency.id}
                checked={state.competencies.includes(competency.id)}
                onChange={(event) => toggle(competency.id, event.target.checked)}
                className="mt-1 size-4 accent-cobalt"
              />
              <label htmlFor={`competency-${competency.id}`} className="text-charcoal">
                {competency.name}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button onClick={props.onSuggest} disabled={state.competencies.length === 0}>
          {props.edited ? "Replace with suggested questions" : "Suggest questions"}
        </Button>
        <p className="text-sm text-slate">
          {state.competencies.length === 0
            ? "Tick at least one competency to get suggestions."
            : props.edited
              ? "You have edited the list, so new picks keep your questions."
              : "The suggestion follows your picks until you edit the list."}
        </p>
      </div>
    </section>
  );
}

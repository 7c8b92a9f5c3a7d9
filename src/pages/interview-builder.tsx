import { useCallback, useEffect, useRef, useState } from "react";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { Link, type PageProps, useStaticQuery } from "../runtime/index.ts";
import type { InterviewBuilderData } from "../templates/index.ts";
import {
  addQuestion,
  applyPicks,
  type BuilderLibrary,
  type BuilderState,
  buildGuide,
  decodeBuilderPath,
  encodeBuilderPath,
  guideFileName,
  guideToMarkdown,
  guideToText,
  isSuggestion,
  libraryPath,
  moveQuestion,
  removeQuestion,
  suggestQuestions,
} from "../tools/interview/index.ts";
import { Button } from "../ui/index.ts";
import { InterviewAdd } from "./parts/interview-add.tsx";
import {
  absoluteUrl,
  copyToClipboard,
  downloadTextFile,
  picksMadeBeforeHydration,
  printPage,
  replaceAddressPath,
} from "./parts/interview-browser.ts";
import {
  COMPETENCY_CHECKBOX_NAME,
  InterviewPicker,
  ROLE_SELECT_ID,
} from "./parts/interview-picker.tsx";
import { type FocusTarget, InterviewPlan } from "./parts/interview-plan.tsx";

/**
 * `/interview-builder/` and every sub-path under it: pick a role and competencies, get a
 * suggested interview, edit it, and share it. The plan lives in the sub-path
 * (`/interview-builder/{role}/{competencies}/{questions}/`), so a link reproduces the guide.
 */
export default function InterviewBuilderPage({ data, location }: PageProps<InterviewBuilderData>) {
  // null when the site has no content/interview/.
  const library = useStaticQuery<BuilderLibrary>(STATIC_QUERY_HASH["interview-library"]);
  return (
    <div className="mx-auto max-w-5xl px-6 py-12">
      <div className="print:hidden">
        <h1 className="text-4xl font-bold tracking-tight text-charcoal">Interview builder</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate">
          Build a structured interview for your next support hire in a few minutes. Pick the role
          and what to assess, adjust the suggested questions, then print the scoring sheet or share
          the link with everyone on the panel.
        </p>
      </div>
      {library ? (
        <Builder library={library} location={location} />
      ) : (
        <p className="mt-10 text-slate">The question library is not available on this site.</p>
      )}
      {data.roles.length > 0 && (
        <nav
          aria-label="Start from a role"
          className="mt-16 border-t border-charcoal-tint pt-8 print:hidden"
        >
          <h2 className="text-lg font-semibold text-charcoal">Start from a&nbsp;role</h2>
          <ul className="mt-3 grid gap-3 m:grid-cols-2">
            {data.roles.map((role) => (
              <li key={role.id} className="text-charcoal">
                <Link to={role.builderPath} className="font-semibold text-cobalt hover:underline">
                  {role.title}
                </Link>
                <span className="text-sm text-slate">
                  {" · "}
                  <Link to={role.guidePath} className="text-cobalt underline">
                    interview guide
                  </Link>
                  {" · "}
                  <Link to={role.jobDescriptionPath} className="text-cobalt underline">
                    job description
                  </Link>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to={libraryPath()} className="font-semibold text-cobalt hover:underline">
              Browse the whole question library
            </Link>
          </p>
        </nav>
      )}
    </div>
  );
}

function Builder({
  library,
  location,
}: {
  library: BuilderLibrary;
  location: PageProps["location"];
}) {
  const [state, setState] = useState<BuilderState>(() =>
    decodeBuilderPath(location.pathname, library),
  );
  // On a slow connection a visitor can pick in the prerendered picker before this island
  // hydrates; hydration puts the prerendered choices back, so the picks are read first and
  // laid over the plan once hydrated, and again over the real address's plan (effect below).
  const [picksBeforeHydration] = useState(() =>
    picksMadeBeforeHydration(ROLE_SELECT_ID, COMPETENCY_CHECKBOX_NAME),
  );
  const pendingPicks = useRef(
    picksBeforeHydration ? { picks: picksBeforeHydration, runs: 0 } : null,
  );
  // The router hands over a new location object only when it navigates (including the switch
  // from the prerendered path to the real one after hydration): read the plan from it then.
  const [syncedLocation, setSyncedLocation] = useState(location);
  if (syncedLocation !== location) {
    setSyncedLocation(location);
    setState(decodeBuilderPath(location.pathname, library));
  }
  const [announcement, setAnnouncement] = useState("");
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const clearFocus = useCallback(() => setFocus(null), []);

  const guide = buildGuide(library, state);
  const edited = !isSuggestion(library, state);
  const titleOf = (id: string) => library.questions.find((q) => q.id === id)?.text ?? id;

  const commit = (next: BuilderState, message?: string) => {
    pendingPicks.current = null;
    setState(next);
    replaceAddressPath(encodeBuilderPath(next));
    if (message) setAnnouncement(message);
  };

  // Picks made before hydration, laid over the plan of the hydrated location and of the real
  // one the router hands over right after (it replaces the plan above); after that a link
  // followed shows its own plan.
  useEffect(() => {
    const pending = pendingPicks.current;
    if (!pending) return;
    pending.runs += 1;
    if (pending.runs === 2) pendingPicks.current = null;
    const next = applyPicks(library, decodeBuilderPath(location.pathname, library), pending.picks);
    setState(next);
    replaceAddressPath(encodeBuilderPath(next));
  }, [location, library]);

  const shareLink = () => absoluteUrl(encodeBuilderPath(state));
  const [copyStatus, setCopyStatus] = useState("");

  return (
    <>
      <div className="mt-10">
        <InterviewPicker
          library={library}
          state={state}
          edited={edited}
          onRole={(role) => {
            const next = applyPicks(library, state, { role });
            commit(
              next,
              `Role: ${buildGuide(library, next).roleTitle}. ${next.questions.length} questions.`,
            );
          }}
          onCompetencies={(competencies) => {
            const next = applyPicks(library, state, { competencies });
            commit(
              next,
              `${next.competencies.length} competencies, ${next.questions.length} questions.`,
            );
          }}
          onSuggest={() => {
            const questions = suggestQuestions(library, state.role, state.competencies);
            commit({ ...state, questions }, `Suggested ${questions.length} questions.`);
            setFocus({ kind: "heading" });
          }}
        />
      </div>

      <div className="mt-8 flex flex-wrap gap-3 print:hidden">
        <Button variant="primary" onClick={printPage}>
          Print scoring sheet
        </Button>
        <Button
          variant="outline"
          onClick={async () => {
            const ok = await copyToClipboard(guideToText(guide, shareLink()));
            setCopyStatus(
              ok ? "Guide copied as text." : "Copying failed: your browser blocked the clipboard.",
            );
          }}
        >
          Copy as text
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            downloadTextFile(
              guideFileName(state),
              guideToMarkdown(guide, shareLink()),
              "text/markdown",
            );
            setCopyStatus("Markdown file downloaded.");
          }}
        >
          Download as Markdown
        </Button>
        <Button
          variant="outline"
          onClick={async () => {
            const ok = await copyToClipboard(shareLink());
            setCopyStatus(
              ok ? "Link copied." : "Copying failed: your browser blocked the clipboard.",
            );
          }}
        >
          Copy link
        </Button>
        <p className="self-center text-sm text-slate" role="status">
          {copyStatus}
        </p>
      </div>

      <InterviewPlan
        guide={guide}
        headingRef={headingRef}
        focus={focus}
        onFocusDone={clearFocus}
        onMove={(id, direction) => {
          const next = moveQuestion(state, id, direction === "up" ? -1 : 1);
          const position = next.questions.indexOf(id) + 1;
          commit(
            next,
            `Moved “${titleOf(id)}” to position ${position} of ${next.questions.length}.`,
          );
          setFocus({ kind: "move", id, direction });
        }}
        onRemove={(id, index) => {
          const next = removeQuestion(state, id);
          commit(next, `Removed “${titleOf(id)}”. ${next.questions.length} questions left.`);
          setFocus(next.questions.length > 0 ? { kind: "item", index } : { kind: "heading" });
        }}
      />

      <InterviewAdd
        library={library}
        state={state}
        onAdd={(id) => {
          const next = addQuestion(state, id);
          commit(next, `Added “${titleOf(id)}” as question ${next.questions.length}.`);
        }}
      />

      <div id="builder-announcer" className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}

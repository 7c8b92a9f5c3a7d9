import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { announceSubmitted, LeadForm } from "../lead-form/index.ts";
import { Link, type PageProps } from "../runtime/index.ts";
import { useSiteSettings } from "../shell/index.ts";
import type { StaffingCalculatorData } from "../templates/index.ts";
import {
  type CalculatorInputs,
  calculateStaffing,
  DEFAULT_INPUTS,
  decodeState,
  encodeState,
  encodeStateOver,
  type FieldKey,
  hasState,
  type RawInputs,
  RESULT_LINK_FIELD,
  resultLink,
  toRawInputs,
  validateInputs,
} from "../tools/staffing/index.ts";
import { Button, buttonClassName } from "../ui/index.ts";
import {
  copyText,
  currentQuery,
  pageUrlWithQuery,
  printPage,
  replaceQuery,
  valuesTypedBeforeHydration,
} from "./parts/staffing-browser.ts";
import { STAFFING_FORM_ID, StaffingForm } from "./parts/staffing-form.tsx";
import { StaffingMethod } from "./parts/staffing-method.tsx";
import { StaffingResults } from "./parts/staffing-results.tsx";

/** The URL follows the inputs after typing pauses this long (spec §9 field debounce). */
const URL_UPDATE_DELAY_MS = 200;

type CopyState = { kind: "idle" } | { kind: "copied" } | { kind: "failed"; url: string };

/**
 * The help-desk staffing calculator. Prerendered with the defaults and their results, so the
 * HTML answers without JavaScript; after hydration it reads the inputs from the URL query,
 * recalculates on every keystroke and writes valid inputs back to the query.
 */
export default function HelpDeskStaffingCalculatorPage({
  data,
  location,
}: PageProps<StaffingCalculatorData>) {
  const settings = useSiteSettings();
  const [raw, setRaw] = useState<RawInputs>(() => toRawInputs(DEFAULT_INPUTS));
  const [edited, setEdited] = useState(false);
  const [copy, setCopy] = useState<CopyState>({ kind: "idle" });
  const lastValid = useRef<CalculatorInputs>(DEFAULT_INPUTS);
  // On a slow connection a visitor can type into the prerendered fields before this island
  // hydrates; hydration puts the prerendered values back, so what they typed is read first
  // and laid over the defaults, or over the values of the link they came by.
  const [typedEarly] = useState(() => valuesTypedBeforeHydration(STAFFING_FORM_ID));
  const pendingTyped = useRef(typedEarly);

  // The prerender (and the hydrating render) has no query; the real one arrives right after.
  useEffect(() => {
    const typed = pendingTyped.current;
    // Laid over the page's own address only, not over a link followed later.
    if (location.search) pendingTyped.current = null;
    const linked = hasState(location.search) ? decodeState(location.search) : null;
    if (!linked && !typed) return;
    if (linked) lastValid.current = linked;
    setRaw({ ...toRawInputs(linked ?? DEFAULT_INPUTS), ...typed });
    if (typed) setEdited(true);
  }, [location.search]);

  const validation = useMemo(() => validateInputs(raw), [raw]);
  const inputs = validation.ok ? validation.inputs : lastValid.current;
  const result = useMemo(() => calculateStaffing(inputs), [inputs]);
  const errors = validation.ok ? {} : validation.errors;

  useEffect(() => {
    if (validation.ok) lastValid.current = validation.inputs;
  }, [validation]);

  useEffect(() => {
    if (!edited || !validation.ok) return;
    const timer = window.setTimeout(
      () => replaceQuery(encodeStateOver(currentQuery(), validation.inputs)),
      URL_UPDATE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [edited, validation]);

  const onChange = useCallback((name: FieldKey, value: string) => {
    pendingTyped.current = null;
    setEdited(true);
    setCopy({ kind: "idle" });
    setRaw((current) => ({ ...current, [name]: value }));
  }, []);

  const onCopy = async () => {
    // The link shared is the inputs alone: a campaign's parameters are this visitor's.
    const url = pageUrlWithQuery(encodeState(inputs));
    replaceQuery(encodeStateOver(currentQuery(), inputs));
    setCopy((await copyText(url)) ? { kind: "copied" } : { kind: "failed", url });
  };

  // The emailed link is the result on screen: the last valid inputs, like the results shown.
  const hiddenValues = useMemo(() => ({ [RESULT_LINK_FIELD]: resultLink(inputs) }), [inputs]);

  const demoUrl = settings.demoUrl;
  const demoClass = buttonClassName({ variant: "primary", size: "L" });

  return (
    <div className="mx-auto max-w-6xl px-6 py-16 print:max-w-none print:px-0 print:py-0">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-cobalt">Free tool</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal m:text-5xl">
          Help desk staffing calculator
        </h1>
        <p className="mt-4 text-lg text-slate">
          How many people does your support team need? Enter your monthly email, chat and phone
          volume, how fast you promise to answer, and your opening hours. You get agents per
          channel, the headcount after shrinkage, and the reasoning behind each number, ready to
          share with finance.
        </p>
      </header>

      <div className="mt-12 grid gap-10 l:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] print:block">
        <div>
          <h2 className="sr-only">Inputs</h2>
          <StaffingForm raw={raw} errors={errors} onChange={onChange} />
        </div>
        <section aria-labelledby="staffing-results-heading" className="print:mt-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="staffing-results-heading" className="text-2xl font-bold text-charcoal">
              Your staffing plan
            </h2>
            <div className="flex gap-2 print:hidden">
              <Button variant="outline" size="S" onClick={onCopy}>
                Copy link
              </Button>
              <Button variant="outline" size="S" onClick={printPage}>
                Print
              </Button>
            </div>
          </div>
          <div aria-live="polite" className="min-h-0 text-sm print:hidden">
            {copy.kind === "copied" ? (
              <p className="mt-2 text-charcoal" data-copy-status="copied">
                Link copied. Anyone who opens it sees these inputs and results.
              </p>
            ) : null}
            {copy.kind === "failed" ? (
              <div className="mt-2" data-copy-status="failed">
                <label htmlFor="staffing-share-url" className="block text-charcoal">
                  Your browser blocked copying. Select the link and copy it yourself:
                </label>
                <input
                  id="staffing-share-url"
                  readOnly
                  value={copy.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="mt-1 w-full rounded-md border border-slate px-3 py-2 text-charcoal"
                />
              </div>
            ) : null}
          </div>
          <div className="mt-6">
            <StaffingResults result={result} inputs={inputs} stale={!validation.ok} />
          </div>
        </section>
      </div>

      {data.resultForm ? (
        <section
          aria-labelledby="staffing-send-plan-heading"
          className="mx-auto mt-16 max-w-3xl print:hidden"
        >
          <h2 id="staffing-send-plan-heading" className="text-2xl font-bold text-charcoal">
            Email yourself this&nbsp;plan
          </h2>
          <p className="mt-3 text-slate">
            Take these numbers to your planning meeting. The email links back to the calculator with
            exactly these inputs, so you can change one assumption and see the staffing move. Choose
            the plan, our monthly note on staffing a support team, or both.
          </p>
          <LeadForm
            form={data.resultForm}
            pagePath={location.pathname}
            pageTitle="Help desk staffing calculator"
            hiddenValues={hiddenValues}
            onSubmitted={announceSubmitted}
            className="mt-6"
          />
        </section>
      ) : null}

      <StaffingMethod />

      <section
        aria-labelledby="staffing-demo-heading"
        className="mx-auto mt-16 max-w-3xl rounded-lg bg-charcoal p-8 text-white print:hidden"
      >
        <h2 id="staffing-demo-heading" className="text-2xl font-bold">
          Plan with your own numbers, not estimates
        </h2>
        <p className="mt-3 text-charcoal-tint">
          Harbor Desk reports volume by channel and hour, handling time and first-reply time for
          your shared inbox, Beacon chat and calls. See how teams use them to plan shifts and hold
          their service levels in a demo with one of our support specialists.
        </p>
        {demoUrl ? (
          <p className="mt-6">
            {demoUrl.startsWith("/") ? (
              <Link to={demoUrl} className={demoClass} data-action="book-a-demo">
                Book a demo
              </Link>
            ) : (
              <a href={demoUrl} className={demoClass} data-action="book-a-demo">
                Book a demo
              </a>
            )}
          </p>
        ) : null}
      </section>
    </div>
  );
}

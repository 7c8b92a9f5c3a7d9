import {
  type FocusEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import {
  FIELD_DEBOUNCE_MS,
  type FormDefinition,
  type FormField,
  formFields,
  HONEYPOT_FIELD,
  isCompactForm,
  isEmailCatcher,
  isNamePair,
  SUBMIT_FORM_PATH,
  SUBMITTING_TEXT,
} from "../forms/index.ts";
import { useStaticQuery } from "../runtime/index.ts";
import { RichText } from "../ui/index.ts";
import { lookupIp, submitLead, uploadFile } from "./api.ts";
import { ConsentBlock } from "./consent.tsx";
import {
  chosenFile,
  controlsNamed,
  domReader,
  newSubmissionId,
  openInNewTab,
  pageName,
  readAsDataUrl,
  setValidity,
} from "./dom.ts";
import { Field, type FieldErrors } from "./fields.tsx";
import { submissionPayload } from "./payload.ts";

/** Prefill and cookie reading, with the attribution module, load after the form renders. */
const loadAttribution = () => import("./prefill.ts");

import {
  type FormState,
  IDLE,
  isLocked,
  NO_JS_ERROR_MESSAGE,
  queryOutcome,
  type RedirectSettings,
  redirectAfterSuccess,
  successMessage,
} from "./state.ts";
import { affectedControls, controlMessage, visibleControlNames } from "./validity.ts";

export interface LeadFormProps {
  /** The sanitised definition from page data. */
  form: FormDefinition;
  /** The page's path, posted as pageUri when the browser runs no JavaScript. */
  pagePath?: string;
  /** The page's first heading, posted as pageName when the browser runs no JavaScript. */
  pageTitle?: string;
  /** The page's submitted callback (§4): runs after success, before any redirect opens. */
  onSubmitted?: (formId: string) => void;
  /**
   * Values the page itself supplies for hidden fields, by name (the calculator's result link).
   * They win over query and attribution prefill; the lead API still checks them against the
   * definition like any value.
   */
  hiddenValues?: Readonly<Record<string, string>>;
  className?: string;
}

/**
 * The primary button's look (src/ui/button.tsx, primary variant). Spelled out here because
 * importing that module would split it out of the shell's first-load chunk and add bytes to
 * every page, including those without a form.
 */
const SUBMIT_BUTTON =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-cobalt font-semibold " +
  "text-white transition-colors hover:bg-charcoal focus-visible:outline-2 " +
  "focus-visible:outline-offset-2 focus-visible:outline-cobalt disabled:cursor-not-allowed " +
  "disabled:opacity-60";

/** Names the native (no-JavaScript) post carries beside the fields. */
export const NATIVE_POST_FIELDS = {
  formId: "formId",
  /** The page the lead API redirects back to (docs/lead-api.md). */
  redirectTo: "redirectTo",
  pageUri: "pageUri",
  pageName: "pageName",
};

/**
 * A lead form rendered from its definition (§3–§5, §7, §8). The same markup posts natively
 * (urlencoded, answered with a redirect) when JavaScript is off; once hydrated, the form
 * validates with the spec's messages and sends JSON to the lead API.
 */
export function LeadForm({
  form,
  pagePath,
  pageTitle,
  onSubmitted,
  hiddenValues,
  className,
}: LeadFormProps) {
  const idBase = useId();
  const settings = useStaticQuery<RedirectSettings>(STATIC_QUERY_HASH["site-settings"]);
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>(IDLE);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** A problem a native post reported back; the form stays usable so the visitor can resend. */
  const [notice, setNotice] = useState("");
  const [prefill, setPrefill] = useState<Readonly<Record<string, string>>>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const openedAt = useRef(0);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const focusNext = useRef<string | null>(null);
  /** Set when a send ends: its message takes the focus, which the removed controls had. */
  const focusOutcome = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = formRef.current;
    // Hydrated: our own messages replace the browser's bubbles; without JS those still guard.
    if (element) {
      element.noValidate = true;
      // The server marked a native post's outcome for CSS; from here on, state shows it.
      element.removeAttribute("data-nojs-status");
    }
    const reported = queryOutcome(form.alternative_id, window.location.search);
    if (reported?.status === "success") {
      setState({ status: "success", message: successMessage(form) });
    } else if (reported?.status === "error") {
      setNotice(reported.message);
      setErrors(Object.fromEntries(reported.fields.map((name) => [name, ""])));
    }
    openedAt.current = Date.now();
    let live = true;
    loadAttribution()
      .then(({ hiddenPrefill, pageCookies }) => {
        if (live) setPrefill(hiddenPrefill(form, window.location.href, pageCookies()));
      })
      .catch((error: unknown) => {
        console.error(`Lead form ${form.alternative_id}: hidden fields were not prefilled.`, error);
      });
    const pending = timers.current;
    return () => {
      live = false;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [form]);

  // A control can take focus only once React has re-enabled it.
  useEffect(() => {
    const name = focusNext.current;
    if (state.status !== "idle" || !name || !formRef.current) return;
    focusNext.current = null;
    controlsNamed(formRef.current, name)[0]?.focus();
  }, [state]);

  // The sent form's controls are gone (success) or disabled (failure), and the focus with them:
  // it moves to the message, so that a keyboard or screen-reader user hears how it went and
  // goes on from there rather than from the top of the page.
  useEffect(() => {
    if (!focusOutcome.current || (state.status !== "success" && state.status !== "error")) return;
    focusOutcome.current = false;
    (state.status === "success" ? statusRef : alertRef).current?.focus();
  }, [state]);

  /** Runs the shared rules on these controls, sets their validity, and shows the messages. */
  const validate = useCallback(
    (names: readonly string[]): Record<string, string | null> => {
      const element = formRef.current;
      if (!element) return {};
      const reader = domReader(element);
      const result: Record<string, string | null> = {};
      for (const name of names) {
        const message = controlMessage(form, name, reader);
        setValidity(element, name, message);
        result[name] = message;
      }
      setErrors((previous) => {
        const next: Record<string, string> = { ...previous };
        for (const [name, message] of Object.entries(result)) {
          if (message === null) delete next[name];
          else next[name] = message;
        }
        return next;
      });
      return result;
    },
    [form],
  );

  const visibleNames = visibleControlNames(form);
  const controlName = (target: EventTarget): string | null => {
    const name = (target as { name?: unknown }).name;
    return typeof name === "string" && visibleNames.includes(name) ? name : null;
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = controlName(event.target);
    if (name) validate(affectedControls(form, name));
  };

  // §5: once a field has been invalid, it re-validates as the visitor types, debounced.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = controlName(event.target);
    if (!name) return;
    const names = affectedControls(form, name);
    if (!names.some((candidate) => candidate in errorsRef.current)) return;
    const key = names.join(" ");
    clearTimeout(timers.current.get(key));
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        validate(names);
      }, FIELD_DEBOUNCE_MS),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = formRef.current;
    if (!element || state.status !== "idle") return;
    setNotice("");
    const result = validate(visibleNames);
    const firstInvalid = visibleNames.find((name) => result[name] !== null);
    if (firstInvalid) {
      controlsNamed(element, firstInvalid)[0]?.focus();
      return;
    }

    const submissionId = newSubmissionId();
    const reader = domReader(element);
    const values: Record<string, string> = {};
    for (const field of formFields(form)) values[field.name] = reader.value(field.name);
    setState({ status: "submitting" });
    const ipAddress = lookupIp(fetch);

    for (const field of formFields(form)) {
      if (field.fieldType !== "file") continue;
      const file = chosenFile(element, field.name);
      values[field.name] = "";
      if (!file) continue;
      try {
        const dataUrl = await readAsDataUrl(file);
        values[field.name] = await uploadFile(fetch, { dataUrl, filename: file.name });
      } catch {
        // §8: an upload failure sets the field's error flag; no message is shown.
        setErrors((previous) => ({ ...previous, [field.name]: "" }));
        focusNext.current = field.name;
        setState(IDLE);
        return;
      }
    }

    // The CRM's cookie only under the site's consent rule: marketing, no Do Not Sell, no GPC.
    const hubspotutk = await loadAttribution().then(
      (module) =>
        module.crmVisitorToken({
          settings,
          cookies: module.pageCookies(),
          globalPrivacyControl:
            (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl ===
            true,
          airgap: (window as { airgap?: unknown }).airgap,
        }),
      () => undefined,
    );
    const payload = submissionPayload(form, values, reader.checked, {
      hubspotutk,
      pageUri: window.location.href,
      pageName: pageName(),
      ipAddress: await ipAddress,
      submissionId,
      fillMs: Date.now() - openedAt.current,
      honeypot: reader.value(HONEYPOT_FIELD),
    });
    const outcome = await submitLead(fetch, payload);
    focusOutcome.current = true;
    if (!outcome.ok) {
      setState({ status: "error", message: outcome.message });
      return;
    }
    setState({ status: "success", message: successMessage(form) });
    onSubmitted?.(form.alternative_id);
    const target = redirectAfterSuccess(form, settings);
    if (target) openInNewTab(target);
  };

  const catcher = isEmailCatcher(form);
  const compact = isCompactForm(form);
  const layout = catcher ? "email-catcher" : compact ? "compact" : "regular";
  const hidden = formFields(form).filter((field) => field.hidden);
  const submitButton = (
    <button
      type="submit"
      className={`${SUBMIT_BUTTON} ${compact ? "min-h-10 px-5 text-base" : "min-h-12 px-7 text-lg"}`}
    >
      {state.status === "submitting" ? SUBMITTING_TEXT : form.displayOptions.submitButtonText}
    </button>
  );

  return (
    <form
      ref={formRef}
      id={`form-${form.alternative_id}`}
      method="post"
      action={SUBMIT_FORM_PATH}
      aria-label={form.name}
      data-form-id={form.alternative_id}
      data-layout={layout}
      data-state={state.status}
      onSubmit={onSubmit}
      onBlur={onBlur}
      onChange={onChange}
      className={`group scroll-mt-32 rounded-xl border border-charcoal-tint bg-white p-6 shadow-sm ${className ?? ""}`}
    >
      <input type="hidden" name={NATIVE_POST_FIELDS.formId} value={form.alternative_id} />
      {pagePath !== undefined ? (
        <>
          <input type="hidden" name={NATIVE_POST_FIELDS.redirectTo} value={pagePath} />
          <input type="hidden" name={NATIVE_POST_FIELDS.pageUri} value={pagePath} />
        </>
      ) : null}
      {pageTitle !== undefined ? (
        <input type="hidden" name={NATIVE_POST_FIELDS.pageName} value={pageTitle} />
      ) : null}
      {hidden.map((field) => (
        <input
          key={field.name}
          type="hidden"
          name={field.name}
          value={hiddenValues?.[field.name] ?? prefill[field.name] ?? field.defaultValue ?? ""}
          readOnly
        />
      ))}
      <Honeypot idBase={idBase} />

      {state.status === "success" ? null : (
        <fieldset
          disabled={isLocked(state)}
          className="m-0 min-w-0 border-0 p-0 group-data-[nojs-status=success]:hidden"
        >
          <div className={compact ? "space-y-3" : "space-y-5"}>
            {form.fieldGroups.map((group, index) => (
              <FieldGroup
                // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id and never reorder.
                key={index}
                fields={group.alternative_fields.filter((field) => !field.hidden)}
                richText={group.richText}
                idBase={idBase}
                compact={compact}
                errors={errors}
                inlineAction={catcher ? submitButton : undefined}
              />
            ))}
            {form.legalConsentOptions ? (
              <ConsentBlock consent={form.legalConsentOptions} idBase={idBase} errors={errors} />
            ) : null}
            {catcher ? null : submitButton}
          </div>
        </fieldset>
      )}

      {/* Always rendered, even empty: a live region that appears with its message is often not
          announced. It has no box of its own to show while empty. */}
      <div
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className="text-base font-medium text-charcoal focus:outline-none"
      >
        {state.status === "success" ? state.message : ""}
      </div>
      <div
        ref={alertRef}
        role="alert"
        tabIndex={-1}
        className="mt-4 empty:hidden rounded-md bg-clay-tint p-3 text-sm text-charcoal focus:outline-none"
      >
        {state.status === "error" ? state.message : notice}
      </div>
      {/* Without JavaScript, the server marks a native post's outcome and CSS shows it. */}
      <p className="hidden text-base font-medium text-charcoal group-data-[nojs-status=success]:block">
        {successMessage(form)}
      </p>
      <p className="mt-4 hidden rounded-md bg-clay-tint p-3 text-sm text-charcoal group-data-[nojs-status=error]:block">
        {NO_JS_ERROR_MESSAGE}
      </p>
    </form>
  );
}

function FieldGroup({
  fields,
  richText,
  idBase,
  compact,
  errors,
  inlineAction,
}: {
  fields: FormField[];
  richText: string | undefined;
  idBase: string;
  compact: boolean;
  errors: FieldErrors;
  inlineAction: React.ReactNode | undefined;
}) {
  if (fields.length === 0 && !richText) return null;
  const rows: FormField[][] = [];
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] as FormField;
    const next = fields[index + 1];
    // §5: first and last name sit side by side.
    if (isNamePair(field, next)) {
      rows.push([field, next as FormField]);
      index++;
    } else {
      rows.push([field]);
    }
  }
  return (
    <div className={compact ? "space-y-3" : "space-y-5"}>
      {richText ? <RichText html={richText} className="text-sm" /> : null}
      {rows.map((row) =>
        row.length === 2 ? (
          <div key={row[0]?.name} className="grid grid-cols-2 gap-4" data-layout="name-pair">
            {row.map((field) => (
              <Field
                key={field.name}
                field={field}
                idBase={idBase}
                compact={compact}
                error={errors[field.name]}
              />
            ))}
          </div>
        ) : (
          <Field
            key={row[0]?.name}
            field={row[0] as FormField}
            idBase={idBase}
            compact={compact}
            error={errors[(row[0] as FormField).name]}
            inlineAction={row[0]?.fieldType === "email" ? inlineAction : undefined}
          />
        ),
      )}
    </div>
  );
}

/**
 * A field no person fills in: out of sight, out of the tab order, hidden from assistive
 * technology and from autofill. A value here marks the submission as spam on the server.
 */
function Honeypot({ idBase }: { idBase: string }) {
  const id = `${idBase}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

import { FILE_ACCEPT, type FormField, MAX_LENGTH } from "../forms/index.ts";

/**
 * One visible field of a lead form, for each of the six field types (§3). Inputs are
 * uncontrolled: the DOM holds the values (so the same markup posts natively without
 * JavaScript) and validation reads them from there.
 */

/** A field's error: absent when valid, "" when flagged without a message (a failed upload). */
export type FieldErrors = Readonly<Record<string, string>>;

export interface FieldProps {
  field: FormField;
  /** Unique per form instance (from useId), so two forms on a page never share an id. */
  idBase: string;
  compact: boolean;
  error: string | undefined;
  /** Extra classes on the field's wrapper (the email-catcher's inline row). */
  className?: string;
  /** Rendered right after the control, on the same row (the email-catcher's button). */
  inlineAction?: React.ReactNode;
}

export function controlId(idBase: string, name: string): string {
  return `${idBase}-${name}`;
}

export function errorId(idBase: string, name: string): string {
  return `${idBase}-${name}-error`;
}

const LABEL = "block text-sm font-semibold text-charcoal";
const CONTROL =
  "block w-full rounded-md border border-slate bg-white text-charcoal placeholder:text-slate " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-cobalt " +
  "aria-invalid:border-2 aria-invalid:border-clay disabled:bg-slate-tint";
const CONTROL_SIZE = {
  regular: "mt-1 px-3 py-2.5 text-base",
  compact: "mt-1 px-2.5 py-1.5 text-sm",
};

/** The ARIA that ties a control to its error (§5: errors tied to fields and announced). */
export function errorAria(idBase: string, name: string, error: string | undefined) {
  if (error === undefined) return { "aria-invalid": false as const };
  const id = errorId(idBase, name);
  return error === ""
    ? { "aria-invalid": true as const }
    : { "aria-invalid": true as const, "aria-describedby": id, "aria-errormessage": id };
}

export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span aria-hidden="true" className="ml-0.5 text-clay">
      *
    </span>
  ) : null;
}

/** Always present (empty when valid), so a message that appears is announced. */
export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 text-sm font-medium text-clay empty:hidden">
      {error || ""}
    </p>
  );
}

export function Field({ field, idBase, compact, error, className, inlineAction }: FieldProps) {
  const id = controlId(idBase, field.name);
  const aria = errorAria(idBase, field.name, error);
  const size = compact ? CONTROL_SIZE.compact : CONTROL_SIZE.regular;
  const common = {
    id,
    name: field.name,
    required: field.required,
    ...aria,
  };

  if (field.fieldType === "radio") {
    return (
      <fieldset className={`m-0 min-w-0 border-0 p-0 ${className ?? ""}`} data-field={field.name}>
        <legend className={LABEL}>
          {field.label}
          <RequiredMark required={field.required} />
        </legend>
        <div className={compact ? "mt-1 space-y-1" : "mt-2 space-y-2"}>
          {field.options.map((option) => (
            <label
              key={option.value}
              className="flex items-center gap-2 text-sm text-charcoal"
              htmlFor={`${id}-${option.value}`}
            >
              <input
                {...common}
                id={`${id}-${option.value}`}
                type="radio"
                value={option.value}
                defaultChecked={field.defaultValue === option.value}
                className="size-4 accent-cobalt"
              />
              {option.label}
            </label>
          ))}
        </div>
        <ErrorText id={errorId(idBase, field.name)} error={error} />
      </fieldset>
    );
  }

  let control: React.ReactNode;
  switch (field.fieldType) {
    case "dropdown":
      control = (
        <select
          {...common}
          defaultValue={field.defaultValue ?? ""}
          className={`${CONTROL} ${size}`}
        >
          <option value="">{field.placeholder ?? "Please select"}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case "multi_line_text":
      control = (
        <textarea
          {...common}
          rows={compact ? 3 : 4}
          maxLength={MAX_LENGTH.multi_line_text}
          placeholder={field.placeholder}
          defaultValue={field.defaultValue}
          className={`${CONTROL} ${size}`}
        />
      );
      break;
    case "file":
      control = (
        <input
          {...common}
          type="file"
          accept={FILE_ACCEPT}
          className={`${CONTROL} ${size} file:mr-3 file:rounded-full file:border-0 file:bg-slate-tint file:px-3 file:py-1 file:text-sm file:font-semibold file:text-charcoal`}
        />
      );
      break;
    default: {
      const email = field.fieldType === "email";
      control = (
        <input
          {...common}
          type={email ? "email" : "text"}
          autoComplete={autoCompleteFor(field.name, email)}
          maxLength={MAX_LENGTH[field.fieldType]}
          placeholder={field.placeholder}
          defaultValue={field.defaultValue}
          className={`${CONTROL} ${size} ${inlineAction ? "min-w-0 flex-1" : ""}`}
        />
      );
    }
  }

  return (
    <div className={className} data-field={field.name}>
      <label htmlFor={id} className={LABEL}>
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {inlineAction ? (
        <div className="flex items-end gap-2">
          {control}
          {inlineAction}
        </div>
      ) : (
        control
      )}
      <ErrorText id={errorId(idBase, field.name)} error={error} />
    </div>
  );
}

/** Browsers fill known fields for the visitor; names follow the CRM's usual properties. */
function autoCompleteFor(name: string, email: boolean): string | undefined {
  if (email) return "email";
  const known: Record<string, string> = {
    firstname: "given-name",
    lastname: "family-name",
    company: "organization",
    phone: "tel",
    jobtitle: "organization-title",
  };
  return known[name.toLowerCase()];
}

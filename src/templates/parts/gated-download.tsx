import { useEffect, useState } from "react";
import type { FormDefinition } from "../../forms/index.ts";
import { announceSubmitted, LeadForm, queryOutcome } from "../../lead-form/index.ts";
import { buttonClassName } from "../../ui/index.ts";

/**
 * A lead form that unlocks a download: the link shows once the form is accepted. With
 * JavaScript that is the form's submitted callback (or a native post's outcome in the query);
 * without it, the server marks the outcome on every element carrying the form's id
 * (server/form-result.ts) and CSS reveals the link. The file itself is a static asset: the
 * gate asks for details, it does not lock the file away.
 */
export function GatedDownload({
  form,
  file,
  format,
  title,
  pagePath,
}: {
  form: FormDefinition;
  file: string;
  format: string;
  title: string;
  pagePath: string;
}) {
  const [unlocked, setUnlocked] = useState(false);
  useEffect(() => {
    if (queryOutcome(form.alternative_id, window.location.search)?.status === "success") {
      setUnlocked(true);
    }
  }, [form]);
  return (
    <>
      <LeadForm
        form={form}
        pagePath={pagePath}
        pageTitle={title}
        onSubmitted={(formId) => {
          announceSubmitted(formId);
          setUnlocked(true);
        }}
        className="mt-6"
      />
      <div
        data-form-id={form.alternative_id}
        className={unlocked ? "mt-6" : "mt-6 hidden data-[nojs-status=success]:block"}
      >
        <p className="font-semibold text-charcoal">Your copy is ready.</p>
        <a href={file} download className={buttonClassName({ className: "mt-3" })}>
          Download {title} ({format})
        </a>
      </div>
    </>
  );
}

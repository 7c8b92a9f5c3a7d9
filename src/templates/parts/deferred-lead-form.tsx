import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { LeadForm as LeadFormComponent, LeadFormProps } from "../../lead-form/index.ts";

/**
 * A lead form whose code loads only when the visitor comes near it: for a form at the foot of
 * a page that most visitors never reach, such as the blog's newsletter sign-up.
 *
 * The prerender renders the real form (handed over by the server bundle, templates/node.ts).
 * The live form (deferred-lead-form-live.tsx, its own chunk) reports success with the
 * lead-form module's own `announceSubmitted`, so the page's chunk imports nothing from that
 * module. On a first
 * visit the browser adopts that markup as it is: a plain HTML form that already works, since
 * it posts natively to the lead API (docs/lead-api.md). When the form scrolls within
 * NEAR_MARGIN of the viewport, or is focused or touched, the form's chunk loads and the live
 * form replaces the markup; anything already typed is carried over and focus stays where it
 * was. After a client-side navigation there is no markup to adopt, so the chunk loads at once.
 */

let ServerForm: typeof LeadFormComponent | null = null;
export function provideServerLeadForm(component: typeof LeadFormComponent): void {
  ServerForm = component;
}

/** How close (px) the form may come to the viewport before its code loads. */
export const NEAR_MARGIN = 600;
const TOUCH_EVENTS = ["focusin", "pointerdown", "touchstart"] as const;

type LiveForm = typeof import("./deferred-lead-form-live.tsx").default;
let loaded: LiveForm | null = null;
function loadForm(): Promise<LiveForm> {
  return import("./deferred-lead-form-live.tsx").then((module) => {
    loaded = module.default;
    return module.default;
  });
}

type DeferredProps = Omit<LeadFormProps, "onSubmitted">;

type Controls = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
interface Snapshot {
  values: [name: string, value: string, checked: boolean][];
  focused: string | null;
}

/** What the visitor did to the adopted form: values, ticks and the focused control. */
function snapshot(holder: HTMLElement): Snapshot {
  const controls = [...holder.querySelectorAll<Controls>("input, select, textarea")].filter(
    (control) => control.name && !(control instanceof HTMLInputElement && control.type === "file"),
  );
  const active = document.activeElement;
  return {
    values: controls.map((control) => [
      control.name,
      control.value,
      control instanceof HTMLInputElement && control.checked,
    ]),
    focused: active && holder.contains(active) ? (active as Controls).name || null : null,
  };
}

function restore(holder: HTMLElement, saved: Snapshot): void {
  for (const [name, value, checked] of saved.values) {
    for (const control of holder.querySelectorAll<Controls>(`[name="${CSS.escape(name)}"]`)) {
      if (
        control instanceof HTMLInputElement &&
        (control.type === "checkbox" || control.type === "radio")
      ) {
        if (control.value === value) control.checked = checked;
      } else if (control.type !== "hidden" && control.type !== "file") {
        control.value = value;
      }
    }
  }
  if (saved.focused) {
    holder.querySelector<Controls>(`[name="${CSS.escape(saved.focused)}"]`)?.focus();
  }
}

/** The prerendered markup of this form, when the document still holds it. */
function prerenderedMarkup(formId: string): string | null {
  if (typeof document === "undefined") return null;
  const holder = document.querySelector(`[data-deferred-form="${CSS.escape(formId)}"]`);
  return holder ? holder.innerHTML : null;
}

export const DeferredLeadForm = memo(function DeferredLeadForm(props: DeferredProps) {
  const formId = props.form.alternative_id;
  const holder = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<LiveForm | null>(() => loaded);
  // Read once: the markup to adopt on a first visit, null after a client-side navigation.
  const [markup] = useState(() => (loaded ? null : prerenderedMarkup(formId)));
  const carried = useRef<Snapshot | null>(null);

  useEffect(() => {
    const element = holder.current;
    if (Live || !element) return;
    let done = false;
    const swap = () => {
      if (done) return;
      done = true;
      cleanup();
      void loadForm().then((module) => {
        carried.current = snapshot(element);
        // At once, so nothing the visitor types between the snapshot and the swap is lost.
        flushSync(() => setLive(() => module));
      });
    };
    const observer =
      markup !== null && typeof IntersectionObserver !== "undefined"
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && swap(), {
            rootMargin: `${NEAR_MARGIN}px 0px`,
          })
        : null;
    const cleanup = () => {
      observer?.disconnect();
      for (const type of TOUCH_EVENTS) element.removeEventListener(type, swap, true);
    };
    if (!observer) {
      swap();
      return;
    }
    observer.observe(element);
    for (const type of TOUCH_EVENTS) element.addEventListener(type, swap, true);
    return cleanup;
  }, [Live, markup]);

  useLayoutEffect(() => {
    const element = holder.current;
    if (!Live || !element || !carried.current) return;
    restore(element, carried.current);
    carried.current = null;
  }, [Live]);

  if (import.meta.env.SSR && ServerForm) {
    return (
      <div data-deferred-form={formId}>
        <ServerForm {...props} />
      </div>
    );
  }
  if (Live) {
    return (
      <div ref={holder} data-deferred-form={formId}>
        <Live {...props} />
      </div>
    );
  }
  return (
    <div
      ref={holder}
      data-deferred-form={formId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the prerender's own output for this form, already in the document; re-inserting it unchanged keeps hydration exact.
      dangerouslySetInnerHTML={{ __html: markup ?? "" }}
    />
  );
});

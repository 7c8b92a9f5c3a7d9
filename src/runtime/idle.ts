/** Runs a task when the browser is idle (at the latest after `timeoutMs`), never during a render. */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 1);
}

/** What a visitor does first when about to use the page: point, touch, type or tab. */
const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"] as const;

let idleOrIntentGate: Promise<void> | null = null;

/**
 * Resolves once the browser is first idle after this is first called, or at the visitor's
 * first pointer, touch, key or focus event if that comes sooner: when the code of an island
 * (the header, the page's own component), whose prerendered markup is already on screen, is
 * wanted.
 */
export function idleOrIntent(): Promise<void> {
  idleOrIntentGate ??= new Promise<void>((resolve) => {
    const open = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, open, true);
      resolve();
    };
    for (const type of INTENT_EVENTS) {
      document.addEventListener(type, open, { capture: true, passive: true });
    }
    whenIdle(open);
  });
  return idleOrIntentGate;
}

/**
 * How a page's JavaScript starts without delaying its first paint.
 *
 * The prerendered HTML is the page: it is complete and styled before any script runs. The
 * entry module is tiny; it waits until the browser has painted that HTML, then asks for the
 * modules the page needs (the router, React, the page's component chunk), all at once. Before,
 * the HTML preloaded them from <head>, so the first paint waited on their download and
 * evaluation on a slow phone (Lighthouse measured ~2 s of "render delay" on every page); now
 * they load while the visitor is already reading.
 */

/**
 * The entry <script>'s attribute listing every module the page needs, space-separated, each
 * after the modules it imports. The last is the module that starts the page (start-client.tsx):
 * it imports the others, so the build's post-order puts it there (src/build/vite-manifest.ts).
 */
export const FIRST_LOAD_MODULES_ATTRIBUTE = "data-modules";

/** Without a paint report by then (it should come within milliseconds), start anyway. */
const PAINT_WAIT_MAX_MS = 3000;

/**
 * Calls `start` once, after the browser has painted the page's first content (the first-
 * contentful-paint entry is reported once that frame is on screen). A tab that is or becomes
 * hidden paints nothing and may never report that paint, so hiding starts the page too, as does
 * a browser without paint timing, and PAINT_WAIT_MAX_MS without a report.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  let observer: PerformanceObserver | undefined;
  if (
    document.visibilityState === "hidden" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    startOnce();
    return;
  }
  document.addEventListener("visibilitychange", startOnce, { once: true });
  setTimeout(startOnce, PAINT_WAIT_MAX_MS);
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) startOnce();
  });
  // Buffered: the paint may already have happened while this module was loading.
  observer.observe({ type: "paint", buffered: true });
}

/**
 * The first screen's image: the one the page asks for first (`fetchpriority="high"`, the image
 * its <head> preloads, src/build/document.ts), when there is one.
 */
const FIRST_SCREEN_IMAGE = 'img[fetchpriority="high"]';

/**
 * Calls `start` once, after the first paint and, on a page whose first screen has an image,
 * after that image has loaded (or failed) and a frame has shown it: the scripts and the
 * stylesheet would otherwise share the connection with the largest thing on the first screen
 * and delay it. PAINT_WAIT_MAX_MS bounds the wait for the image too.
 */
export function afterFirstScreen(start: () => void): void {
  afterFirstPaint(() => {
    const image = document.querySelector<HTMLImageElement>(FIRST_SCREEN_IMAGE);
    if (!image || image.complete) return start();
    let started = false;
    const startOnce = () => {
      if (started) return;
      started = true;
      start();
    };
    // Decoded, it paints in the coming frame; the scripts start a task later. Not a frame
    // callback or a timer: a hidden tab runs no frames, and a test's paused clock no timers.
    const afterImage = () => {
      image
        .decode()
        .catch(() => {})
        .then(nextTask)
        .then(startOnce);
    };
    image.addEventListener("load", afterImage, { once: true });
    image.addEventListener("error", startOnce, { once: true });
    setTimeout(startOnce, PAINT_WAIT_MAX_MS);
  });
}

/** The modules to import, in the listed order; none when the list is missing or empty. */
export function moduleImportOrder(listed: string | null): string[] {
  return (listed ?? "").split(" ").filter(Boolean);
}

/** A space-separated list the entry <script> carries in `attribute`; empty when it has none. */
export function listedOnEntry(doc: Document, attribute: string): string[] {
  return moduleImportOrder(
    doc.querySelector(`script[${attribute}]`)?.getAttribute(attribute) ?? null,
  );
}

/** The page's modules as its entry <script> lists them, the start module last. */
export function firstLoadModules(doc: Document): string[] {
  return listedOnEntry(doc, FIRST_LOAD_MODULES_ATTRIBUTE);
}

/**
 * Lets the browser run other tasks (input, rendering) before the next step. A message, not a
 * timer: timers are clamped and throttled, and a page whose clock is paused (tests) would
 * never start.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Starts downloading the modules, all in parallel, into the HTTP cache: hashed assets are
 * served immutable (server/, and the README's static-host headers), so each import() below
 * takes its module from the cache instead of the network. Plain fetches rather than
 * <link rel="modulepreload">: appending five of those took 5–60 ms of main thread on this
 * machine. Each fetch() call in a task of its own: with the service worker in control, the
 * five took 15 ms in one task. A failed fetch is the import's to report.
 */
export async function preloadModules(modules: readonly string[]): Promise<void> {
  for (const href of modules) {
    void fetch(href).catch(() => {});
    await nextTask();
  }
}

/**
 * Imports the modules one after another, each in a task of its own: imported at once, React,
 * the router and the page would be evaluated in one task long enough to delay a tap. The
 * list's order (imports first) means each import evaluates just its own module. The URLs come
 * from the HTML rather than an import() of the source files: Vite would wrap those imports in
 * its preload helper, a shared chunk the entry would then download before the first paint.
 */
export async function importInTurn(modules: readonly string[]): Promise<void> {
  for (const href of modules) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

/**
 * The build's image step, run once before the prerender: resolves every content image ref in
 * the routes' data into final URLs (through the image pipeline, once per unique source and
 * preset), marks the pictures of presets for a page's largest image (`priority`: the page's
 * document preloads the first of them, image-preload.ts), and gives each indexable page its
 * Open Graph card. A ref to a missing file fails the build naming the content file, field and page.
 * The cards' files are written while the pages render (`ImageFiles`).
 */

import { IMAGE_PRESETS, isPendingImage, type PendingImage } from "../images/index.ts";
import {
  eachLimited,
  type ImagePipeline,
  MissingImageError,
  type OgWarmUpCard,
  type PictureBase,
} from "../images/node.ts";
import { BLOG_PATH } from "../templates/index.ts";
import { ContentError } from "./content-error.ts";
import type { Route } from "./routes.ts";

/**
 * Pictures resolved at once. The pipeline limits sharp's work itself (pipeline.ts); this
 * bounds only the sources held in memory. Each picture's steps (reading its source, its cached
 * variants' list, copying the files) wait for this thread's event loop, which renders pages
 * between its turns: resolved two at a time, 48 cached pictures took 3.2 s of a 10,000-post
 * build, and the pages that show them, the site's own, were rendered last, while a worker
 * waited.
 */
const PICTURES_AT_ONCE = 32;

interface Slot {
  route: Route;
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  pending: PendingImage;
}

/**
 * Adds the pending images in `value` (a route's data) to `slots`; answers whether it found any.
 * Routes share objects (a post's summary is in the blog lists, its neighbours' pages and the
 * related posts of others): a subtree found free of images is remembered in `imageFree` and not
 * walked again, which was 0.25 s of a 10,000-post build. A Set, not a WeakSet: it lives only
 * for this walk, and the weak table's entries cost every collection meanwhile (11,800 routes:
 * 69-123 ms against 105-217 ms). A child is checked against it before the call, and no
 * closure is made per object: the walk visits 80,000 objects before the first page can render,
 * and a closure per object made it 2-3 times slower (174-329 ms against 80-140 ms).
 */
function collectSlots(route: Route, value: object, slots: Slot[], imageFree: Set<object>): boolean {
  let found = false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const child: unknown = value[index];
      if (typeof child !== "object" || child === null || imageFree.has(child)) continue;
      if (isPendingImage(child)) {
        slots.push({ route, holder: value, key: index, pending: child });
        found = true;
      } else if (collectSlots(route, child, slots, imageFree)) {
        found = true;
      }
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child !== "object" || child === null || imageFree.has(child)) continue;
      if (isPendingImage(child)) {
        slots.push({ route, holder: record, key, pending: child });
        found = true;
      } else if (collectSlots(route, child, slots, imageFree)) {
        found = true;
      }
    }
  }
  if (!found) imageFree.add(value);
  return found;
}

/** The label above a page's card title: its first path segment in words ("/help-desk/x/" → "Help Desk"). */
export function sectionOf(path: string): string {
  const first = path.split("/").filter(Boolean)[0];
  if (!first) return "Home";
  const words = first.replace(/\.html$/, "").split("-");
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}

/**
 * `sectionOf`, worked out once per first path segment: 11,800 routes have a handful of
 * sections between them, and splitting every path was 12-17 ms before the first page renders.
 */
export function sectionsByFirstSegment(): (path: string) => string {
  const sections = new Map<string, string>();
  return (path) => {
    // The first segment that is not empty, as sectionOf takes it.
    let start = 0;
    while (path.charCodeAt(start) === 47 /* / */) start += 1;
    const end = path.indexOf("/", start);
    const first = end < 0 ? path.slice(start) : path.slice(start, end);
    let section = sections.get(first);
    if (section === undefined) {
      section = sectionOf(path);
      sections.set(first, section);
    }
    return section;
  };
}

/**
 * What is still being written once the routes' image URLs are resolved: the Open Graph cards'
 * files (pipeline.ts says why they can wait). Await `written` before the build is done.
 */
export interface ImageFiles {
  written: Promise<void>;
}

/** The image step, started (`startRouteImages`). */
export interface RouteImages extends ImageFiles {
  waiting: ReadonlySet<Route>;
  /** Rejects with a ContentError naming the file and field of an image that is missing. */
  resolved: Promise<void>;
}

/**
 * Starts the image step: every route gets its Open Graph card's path at once, and the routes
 * whose data has content images (`waiting`) get their pictures when `resolved` settles. The
 * others can render meanwhile: on a 10,000-post build, resolving the pictures took 0.3 s with
 * every render worker idle.
 */
export function startRouteImages(
  routes: Route[],
  pipeline: ImagePipeline,
  options: { siteName: string; siteUrl: string; ogImages: boolean },
): RouteImages {
  const slots: Slot[] = [];
  const imageFree = new Set<object>();
  for (const route of routes) {
    const data: unknown = route.data;
    if (typeof data === "object" && data !== null && !imageFree.has(data)) {
      collectSlots(route, data, slots, imageFree);
    }
  }
  const waiting = new Set(slots.map((slot) => slot.route));
  const resolved = resolvePictures(slots, pipeline);
  // Observed here; whoever renders the waiting routes awaits it.
  resolved.catch(() => {});
  // The cards' files are copied into the output once the pictures are resolved: both go through
  // libuv's four threads, and with 11,800 card copies queued first, resolving 48 cached
  // pictures took 0.8 s instead of 0.06-0.25 s, holding back the pages that show them. The
  // cards are awaited only when the build ends; new ones are rendered (in child processes)
  // meanwhile.
  return { waiting, resolved, written: ogCards(routes, pipeline, options, resolved) };
}

/** Every route's images resolved (startRouteImages, awaited whole): the dev server's step. */
export async function resolveRouteImages(
  routes: Route[],
  pipeline: ImagePipeline,
  options: { siteName: string; siteUrl: string; ogImages: boolean },
): Promise<ImageFiles> {
  const { resolved, written } = startRouteImages(routes, pipeline, options);
  try {
    await resolved;
  } catch (error) {
    await written.catch(() => {});
    throw error;
  }
  return { written };
}

async function resolvePictures(slots: readonly Slot[], pipeline: ImagePipeline): Promise<void> {
  const unique = new Map<string, Slot>();
  for (const slot of slots) {
    const key = `${slot.pending.preset}|${slot.pending.ref.src}`;
    if (!unique.has(key)) unique.set(key, slot);
  }
  const pictures = new Map<string, PictureBase>();
  await eachLimited([...unique], PICTURES_AT_ONCE, async ([key, slot]) => {
    try {
      pictures.set(key, await pipeline.picture(slot.pending.ref.src, slot.pending.preset));
    } catch (error) {
      if (!(error instanceof MissingImageError)) throw error;
      const { file, field } = slot.pending.origin;
      throw new ContentError(file, [
        `field "${field}": ${error.message} (page ${slot.route.path})`,
      ]);
    }
  });

  for (const slot of slots) {
    const { ref, preset } = slot.pending;
    const base = pictures.get(`${preset}|${ref.src}`) as PictureBase;
    const priority = "priority" in IMAGE_PRESETS[preset] && IMAGE_PRESETS[preset].priority === true;
    (slot.holder as Record<string, unknown>)[slot.key] = {
      ...base,
      alt: ref.decorative ? "" : ref.alt,
      priority,
    };
  }
}

/** The site as its Open Graph cards show it. */
interface CardSite {
  siteName: string;
  siteUrl: string;
}

/** What every card of the site shows besides its title and section. */
function siteCardFields(site: CardSite): { siteName: string; host: string } {
  return { siteName: site.siteName, host: new URL(site.siteUrl).host };
}

/**
 * A post's card without its title: what an incremental rebuild's card child warms up with
 * (`prestartOgChild`), most retitled pages being posts.
 */
export function postCardWithoutTitle(site: CardSite): OgWarmUpCard {
  return { section: sectionOf(BLOG_PATH), ...siteCardFields(site) };
}

function ogCards(
  routes: readonly Route[],
  pipeline: ImagePipeline,
  options: CardSite & { ogImages: boolean },
  placeAfter: Promise<unknown>,
): Promise<void> {
  if (!options.ogImages) return Promise.resolve();
  const { siteName, host } = siteCardFields(options);
  const suffix = ` | ${siteName}`;
  const cards = routes.filter((route) => !route.head.noindex && !route.head.image);
  const section = sectionsByFirstSegment();
  const { paths, written } = pipeline.ogImages(
    cards.map((route) => ({
      title:
        route.head.cardTitle ??
        (route.head.title.endsWith(suffix)
          ? route.head.title.slice(0, -suffix.length)
          : route.head.title),
      section: section(route.path),
      siteName,
      host,
    })),
    placeAfter,
  );
  cards.forEach((route, index) => {
    route.head.image = paths[index];
  });
  return written;
}

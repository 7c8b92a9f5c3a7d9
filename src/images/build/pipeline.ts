/**
 * One image pipeline, two back ends. With an image-service domain, a picture becomes service
 * URLs (nothing is resized here); without one, sharp makes the planned variants under
 * /assets/img/. Either way the source is read once for its size and placeholder.
 *
 * Work is cached in `cacheDir` by source hash + preset + pipeline version, so a rebuild with
 * unchanged pictures runs sharp zero times (the report counts every sharp call). Each unique
 * source+preset is processed once per build, whatever the number of pages showing it.
 */
import { spawn } from "node:child_process";
import { hash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { copyFile, link, mkdir, readFile, writeFile } from "node:fs/promises";
import * as nodeModule from "node:module";
import { availableParallelism } from "node:os";
import { basename, extname, join } from "node:path";
import { LOCAL_IMAGE_PREFIX, OG_IMAGE_PREFIX } from "../constants.ts";
import { planImage } from "../layout.ts";
import { IMAGE_PRESETS, type ImagePresetName } from "../presets.ts";
import type { ResolvedImage } from "../schema.ts";
import { imageServiceClient, serviceImage } from "../service.ts";
import {
  copyCard,
  joinPacksIfMany,
  PACK_AT_LEAST,
  packedCardNames,
  placeCards,
  readPackIndexes,
} from "./card-pack.ts";
import { ENCODER_SETTINGS, MIME, MODERN_FORMATS, type Variant } from "./local.ts";
import { cardCacheDirs, retireOtherEncodings } from "./og-encoding.ts";
import { type OgNameMemory, openOgNameMemory } from "./og-names.ts";
import {
  OG_CHILD_WARM_FLAG,
  OG_DRAWING_VERSION,
  OG_PALETTE_COLOURS,
  OG_TITLE_SHADES,
  type OgCard,
  type OgChildBatch,
  type OgWarmUpCard,
  ogCardSvg,
} from "./og-template.ts";
import { createLimiter, eachLimited } from "./pool.ts";
import { readSourceMeta, type SourceMeta } from "./source-meta.ts";
import { assertSafeSvg, looksLikeMarkup } from "./svg-safety.ts";

/** Bump when the cards' encoding changes, so caches from older builds are not reused. */
const PIPELINE_VERSION = "2";
/**
 * Bump when what is read from a source or how its variants are made changes in a way the
 * variant key (the plan and ENCODER_SETTINGS) does not show. 3: sources turned by their EXIF
 * orientation.
 */
const PICTURE_VERSION = "3";

/**
 * What a card's file name covers besides its SVG: the card's PNG encoding, so cards cached
 * under another encoding are not taken for this one's.
 */
const OG_CARD_ENCODING = `${PIPELINE_VERSION}|og-raster-${OG_DRAWING_VERSION}|${OG_PALETTE_COLOURS}|${OG_TITLE_SHADES}`;

export type PictureBase = Omit<ResolvedImage, "alt" | "priority">;

export interface ImagePipelineOptions {
  /** content/images/ of the site being built. */
  imagesDir: string;
  outDir: string;
  cacheDir: string;
  /** The image service's domain; unset means the local back end. */
  domain?: string;
  /** Open Graph cards per og-child.ts process (default OG_BATCH). */
  ogBatch?: number;
  /**
   * A child started ahead (`prestartOgChild`) for the first batch of new cards, if any; its
   * starter discards it after the build.
   */
  ogChild?: WaitingOgChild;
  /**
   * The code's digest: card names are remembered in cacheDir for builds of the same code
   * (og-names.ts). Without it every card is drawn to be named.
   */
  codeKey?: string;
}

export interface ImageReport {
  backend: "local" | "service";
  /** Distinct source+preset pictures resolved. */
  pictures: number;
  /** Variant files encoded with sharp in this build (0 when everything came from the cache). */
  encodes: number;
  /** Sources whose size and placeholder were read with sharp (not from the cache). */
  metaReads: number;
  /** Pictures whose variants came from the cache. */
  cacheHits: number;
  /** Variant files written under /assets/img/. */
  filesWritten: number;
  ogRendered: number;
  ogReused: number;
  /**
   * Cards copied into the output from their files, and written from the cache's packs, where
   * the output is on another file system than the cache (card-pack.ts); else cards are linked.
   */
  ogCopied: number;
  ogFromPacks: number;
}

export class MissingImageError extends Error {
  readonly src: string;
  constructor(src: string) {
    super(`image file content/images/${src} does not exist`);
    this.src = src;
    this.name = "MissingImageError";
  }
}

/** One of this folder's child scripts, started: it reads its input once `send` writes it. */
interface StartedChild<T> {
  /** The child's process id (undefined when it could not be started). */
  readonly pid: number | undefined;
  /** Writes `input` to the child's stdin (once); resolves with its JSON stdout. */
  send(input: unknown): Promise<T>;
  /** Stops a child that was never sent its input; does nothing to one that was. */
  discard(): void;
  /**
   * Whether the child still waits for its input: not sent, not discarded, and not exited (a
   * child kept for a later build may have died meanwhile, and would only fail that build).
   */
  readonly waiting: boolean;
}

/** What a pipe or process has to stop keeping the event loop alive (Node's streams untyped). */
interface Holds {
  ref(): void;
  unref(): void;
}

function startChild<T>(
  script: string,
  failure: string,
  { args = [], ahead = false }: { args?: readonly string[]; ahead?: boolean } = {},
): StartedChild<T> {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: childEnvironment(),
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  // A child that died before its input was written: its exit code tells, not an EPIPE here.
  child.stdin.on("error", () => {});
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const result = new Promise<T>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`${failure}:\n${err}`));
      resolve(JSON.parse(out) as T);
    });
  });
  // Observed: a child started ahead may fail before anyone sends it anything, or be discarded.
  result.catch(() => {});
  // A child started ahead must not keep the process alive while it waits: a build that needed
  // none of its work discards it, but a caller that never finishes the build may not.
  const holds = [child, child.stdin, child.stdout, child.stderr] as unknown as Holds[];
  if (ahead) for (const hold of holds) hold.unref();
  let state: "waiting" | "sent" | "discarded" = "waiting";
  return {
    pid: child.pid,
    send(input) {
      if (state !== "waiting") throw new Error(`${script} was ${state} already`);
      state = "sent";
      if (ahead) for (const hold of holds) hold.ref();
      child.stdin.end(JSON.stringify(input));
      return result;
    },
    discard() {
      if (state !== "waiting") return;
      state = "discarded";
      child.kill();
    },
    get waiting() {
      return state === "waiting" && !exited && child.pid !== undefined;
    },
  };
}

/**
 * A child's environment: this process's, with its compile cache (`module.enableCompileCache`,
 * src/build/compile-cache.mjs) when it has one on. Without it each child stripped the types of
 * og-raster.ts and the modules it imports, and compiled them, again: 190 ms of the 0.95 s a
 * card child took to start and draw its warm-up card on a 2-core machine, 55 ms from the cache.
 * Optional: Node before 22.8 has no `getCompileCacheDir`.
 */
function childEnvironment(): NodeJS.ProcessEnv {
  const cacheDir = nodeModule.getCompileCacheDir?.();
  return cacheDir ? { ...process.env, NODE_COMPILE_CACHE: cacheDir } : process.env;
}

/** Runs one of this folder's child scripts with `input` on stdin; resolves with its JSON stdout. */
function runChild<T>(script: string, input: unknown, failure: string): Promise<T> {
  return startChild<T>(script, failure).send(input);
}

/** Runs encode-child.ts on one picture; resolves with the variants it wrote to `filesDir`. */
function encodeInChild(input: {
  source: string;
  meta: SourceMeta;
  plan: ReturnType<typeof planImage>;
  stem: string;
  filesDir: string;
}): Promise<Variant[]> {
  return runChild<Variant[]>("./encode-child.ts", input, `Encoding ${input.source} failed`);
}

/**
 * Sharp's work at once in one pipeline (reading a new source's size and placeholder here,
 * encoding a picture's variants in a child): one per core of the machines we build on. What
 * else a picture needs (reading its cached variants' list, copying the files) runs outside
 * this gate, as many pictures at once as the caller asks for.
 */
const SHARP_JOBS_AT_ONCE = 2;

/**
 * Cards one og-child.ts process draws at most before it exits and hands its memory back; new
 * cards are shared evenly between OG_CHILDREN processes up to that. A child sets most titles
 * from glyphs it draws once (og-glyphs.ts, 0.1-0.2 s a child), so fewer children draw faster:
 * in batches of 400, a first 10,000-post build started 26 of them. One kept at 240 MB while it
 * drew 2,500 cards, titles set from glyphs or (CJK) drawn by librsvg alike.
 */
const OG_BATCH = 5000;
/** og-child processes at once: one per core keeps the prerender's machine busy, not swamped. */
const OG_CHILDREN = Math.max(1, Math.min(2, availableParallelism()));

const OG_FAILURE = "Rendering Open Graph cards failed";

/** An og-child.ts process started before its cards are known (`prestartOgChild`). */
export type WaitingOgChild = StartedChild<number>;

/**
 * Starts an og-child.ts process that warms up and then waits for the first batch of new cards
 * (ImagePipelineOptions.ogChild). An incremental rebuild after a post's title changed waited
 * for one card's child after everything else was done: starting it, loading sharp and setting
 * up the renderer took 0.3-0.5 s of a 3 s rebuild on a 2-core machine. Whoever starts it
 * discards it once the build is done, whether or not a card needed it. Given a card's fields
 * but its title (a post's, say), it draws its throwaway card with them, so that the next card
 * that shares them finds its backdrop ready (og-raster.ts: 45 ms to prepare, 6 ms a card after).
 */
export function prestartOgChild(warmUp?: OgWarmUpCard): WaitingOgChild {
  return startChild<number>("./og-child.ts", OG_FAILURE, {
    args: [OG_CHILD_WARM_FLAG, ...(warmUp ? [JSON.stringify(warmUp)] : [])],
    ahead: true,
  });
}

/** One-shot: half the cost of a Hash object for the 11,800 card names of a 10,000-post site. */
const sha = (data: string | Buffer) => hash("sha256", data);

async function readJsonIfPresent<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}

export function createImagePipeline(options: ImagePipelineOptions) {
  const client = options.domain ? imageServiceClient(options.domain) : null;
  const report: ImageReport = {
    backend: client ? "service" : "local",
    pictures: 0,
    encodes: 0,
    metaReads: 0,
    cacheHits: 0,
    filesWritten: 0,
    ogRendered: 0,
    ogReused: 0,
    ogCopied: 0,
    ogFromPacks: 0,
  };
  const dirs = {
    meta: join(options.cacheDir, "meta"),
    manifests: join(options.cacheDir, "variants"),
    files: join(options.cacheDir, "files"),
    og: cardCacheDirs(options.cacheDir).cards,
    outImg: join(options.outDir, LOCAL_IMAGE_PREFIX),
    outOg: join(options.outDir, OG_IMAGE_PREFIX),
  };
  const sharpJob = createLimiter(SHARP_JOBS_AT_ONCE);
  let waitingOgChild = options.ogChild;
  // The cards of another encoding, being deleted (og-encoding.ts).
  let retiring: Promise<void> | null = null;
  // Opened on the first cards, once per pipeline: a build names all its cards in one call.
  let nameMemory: OgNameMemory | null = null;
  const ogNames = (codeKey: string) => {
    nameMemory ??= openOgNameMemory(join(options.cacheDir, "og-names"), codeKey);
    return nameMemory;
  };
  const pictures = new Map<string, Promise<PictureBase>>();
  const sources = new Map<string, Promise<{ bytes: Buffer; hash: string; meta: SourceMeta }>>();
  let dirsReady: Promise<unknown> | null = null;
  const ensureDirs = () => {
    // Every folder settled before a failure is told: whoever then cleans up (a failed build,
    // a test removing its folder) must not race a mkdir still under way.
    dirsReady ??= Promise.allSettled(
      Object.entries(dirs)
        // The service back end writes no variants, so it leaves no empty folder either.
        .filter(([name]) => !(client && name === "outImg"))
        .map(([, dir]) => mkdir(dir, { recursive: true })),
    ).then((made) => {
      for (const result of made) if (result.status === "rejected") throw result.reason;
    });
    return dirsReady;
  };

  async function loadSource(src: string) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(options.imagesDir, src));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new MissingImageError(src);
      throw error;
    }
    // Checked by what it is, not what it is called: an SVG named .png is still an SVG.
    if (extname(src) === ".svg" || looksLikeMarkup(bytes)) {
      assertSafeSvg(bytes.toString("utf8"), `content/images/${src}`);
    }
    const hash = sha(bytes);
    const metaFile = join(dirs.meta, `${hash}-v${PICTURE_VERSION}.json`);
    let meta = await readJsonIfPresent<SourceMeta>(metaFile);
    if (!meta) {
      meta = await sharpJob(() =>
        readSourceMeta(bytes).catch((error: unknown) => {
          // sharp says "Input buffer is empty" or "unsupported image format", not which file.
          throw new Error(
            `content/images/${src} cannot be read as an image: ${(error as Error).message}`,
            { cause: error },
          );
        }),
      );
      report.metaReads++;
      await writeFile(metaFile, JSON.stringify(meta));
    }
    return { bytes, hash, meta };
  }

  /** Variant files copied (or being copied) into the output: two presets may share one. */
  const placed = new Map<string, Promise<void>>();
  function placeVariant(file: string): Promise<void> {
    let copy = placed.get(file);
    if (!copy) {
      const target = join(dirs.outImg, file);
      copy = existsSync(target)
        ? Promise.resolve()
        : copyFile(join(dirs.files, file), target).then(() => {
            report.filesWritten++;
          });
      placed.set(file, copy);
    }
    return copy;
  }

  /**
   * Each picture's variants by key, encoded or taken from the cache once per build: two presets
   * with the same plan (a hero and a cover of one picture) used to encode it twice at once,
   * writing the same files side by side.
   */
  const variantsByKey = new Map<string, Promise<Variant[]>>();

  async function localVariants(
    src: string,
    source: { bytes: Buffer; hash: string; meta: SourceMeta },
    plan: ReturnType<typeof planImage>,
  ): Promise<Variant[]> {
    // The plan, not the preset: qualities, widths and ratios derived from constants count too.
    const key = sha(
      `${PICTURE_VERSION}|${source.hash}|${JSON.stringify(plan)}|${JSON.stringify(ENCODER_SETTINGS)}`,
    );
    let made = variantsByKey.get(key);
    if (!made) {
      made = cachedOrEncoded(key, src, source, plan);
      variantsByKey.set(key, made);
    }
    const variants = await made;
    await Promise.all(variants.map((variant) => placeVariant(variant.file)));
    return variants;
  }

  async function cachedOrEncoded(
    key: string,
    src: string,
    source: { bytes: Buffer; hash: string; meta: SourceMeta },
    plan: ReturnType<typeof planImage>,
  ): Promise<Variant[]> {
    const manifestFile = join(dirs.manifests, `${key}.json`);
    let variants = await readJsonIfPresent<Variant[]>(manifestFile);
    if (variants?.every((variant) => existsSync(join(dirs.files, variant.file)))) {
      report.cacheHits++;
    } else {
      const stem = basename(src, extname(src)).replace(/[^a-z0-9-]/g, "-");
      variants = await sharpJob(() =>
        encodeInChild({
          source: join(options.imagesDir, src),
          meta: source.meta,
          plan,
          stem,
          filesDir: dirs.files,
        }),
      );
      report.encodes += variants.length;
      await writeFile(manifestFile, JSON.stringify(variants));
    }
    return variants;
  }

  async function resolvePicture(src: string, preset: ImagePresetName): Promise<PictureBase> {
    await ensureDirs();
    let source = sources.get(src);
    if (!source) {
      source = loadSource(src);
      sources.set(src, source);
    }
    const loaded = await source;
    const { meta } = loaded;
    const plan = planImage(
      IMAGE_PRESETS[preset],
      meta.width && meta.height ? meta.width / meta.height : undefined,
    );
    const placeholder = plan.layout === "fixed" ? meta.placeholderColor : meta.placeholderDataUrl;
    const common = {
      sizes: plan.sizes,
      width: plan.width,
      height: plan.height,
      layout: plan.layout,
      ...(placeholder ? { placeholder } : {}),
    };
    report.pictures++;
    if (client) return { ...common, ...serviceImage(client, src, plan), sources: [] };

    const variants = await localVariants(src, loaded, plan);
    const url = (variant: Variant) => `${LOCAL_IMAGE_PREFIX}${variant.file}`;
    const srcSetOf = (list: Variant[]) =>
      list.map((variant) => `${url(variant)} ${variant.descriptor}`).join(", ");
    const fallbacks = variants.filter(
      (variant) => !(MODERN_FORMATS as readonly string[]).includes(variant.format),
    );
    // The plain `src` is the variant closest to the display width at 1x.
    const fallback =
      fallbacks.find((variant) => variant.width >= plan.width) ?? fallbacks[fallbacks.length - 1];
    if (!fallback) throw new Error(`No variants were made for content/images/${src}.`);
    return {
      ...common,
      src: url(fallback),
      srcSet: srcSetOf(fallbacks),
      sources: MODERN_FORMATS.map((format) => ({
        type: MIME[format],
        srcSet: srcSetOf(variants.filter((variant) => variant.format === format)),
      })),
    };
  }

  return {
    report,
    /** The picture `src` (under content/images/) laid out by `preset`; memoised per build. */
    picture(src: string, preset: ImagePresetName): Promise<PictureBase> {
      const key = `${preset}|${src}`;
      let picture = pictures.get(key);
      if (!picture) {
        picture = resolvePicture(src, preset);
        pictures.set(key, picture);
      }
      return picture;
    },
    /**
     * Each page's Open Graph card: its site path (in the order given) at once, and `written`,
     * which settles when every card is in the output. A card's file name is the hash of its
     * SVG, so a page can link its card before it exists, and the pages render meanwhile (the
     * cards' files were 0.4 s of a 10,000-post build with both cores waiting). Only new cards
     * are rendered, in batches in child processes (og-child.ts), never in the build's own
     * process; cached ones are linked into the output.
     */
    ogImages(
      cards: readonly OgCard[],
      /**
       * The cards' files are copied or linked into the output once this settles (its outcome
       * is not theirs); new cards are rendered meanwhile.
       */
      placeAfter: Promise<unknown> = Promise.resolve(),
    ): { paths: string[]; written: Promise<void> } {
      // One listing of the cache instead of a lookup per card (11,800 for 10,000 posts: 66 ms
      // of the build's own thread, which renders pages too). A card is renamed into the cache
      // whole (og-child.ts), so a name listed is a card there. Listed first, so that only the
      // fields of missing cards are kept until their children render them: holding all 11,800
      // (15 MB) until then made every collection of the build's thread copy them.
      // Once per pipeline, before the cache is listed: cards of another encoding go.
      if (retiring === null) {
        retiring = retireOtherEncodings(options.cacheDir, OG_CARD_ENCODING);
        // Observed here; `written` awaits it, and its failure is told there.
        retiring.catch(() => {});
      }
      const packsDir = cardCacheDirs(options.cacheDir).packs;
      const filed = listing(dirs.og);
      const packs = readPackIndexes(packsDir);
      const packed = packedCardNames(packs);
      const memory = options.codeKey ? ogNames(options.codeKey) : null;
      // By name: each new card's fields, once.
      const missing = new Map<string, OgCard>();
      const files = cards.map((card) => {
        const remembered = memory?.recall(card);
        if (remembered !== undefined && (filed.has(remembered) || packed.has(remembered))) {
          return remembered;
        }
        const svg = ogCardSvg(card);
        const file = `${sha(`${OG_CARD_ENCODING}|${svg}`).slice(0, 16)}.png`;
        memory?.learn(card, file);
        if (!filed.has(file) && !packed.has(file) && !missing.has(file)) missing.set(file, card);
        return file;
      });
      const write = async () => {
        await ensureDirs();
        // A memory that cannot be saved costs the next build the drawing, not this one its cards.
        await memory?.save().catch(() => {});
        // Many new cards for an output a link cannot reach: drawn straight into it, and into
        // packs for the next build (card-pack.ts), instead of into files of their own in the
        // cache that this thread then reads, copies and packs.
        const straightIn = missing.size >= PACK_AT_LEAST && !onOneFileSystem(dirs.og, dirs.outOg);
        const target = straightIn ? { dir: dirs.outOg, packsDir } : { dir: dirs.og };
        const jobs = [...missing].map(([name, card]) => ({ card, name }));
        const batchSize =
          options.ogBatch ?? Math.min(OG_BATCH, Math.ceil(jobs.length / OG_CHILDREN));
        const batches: OgChildBatch[] = [];
        for (let i = 0; i < jobs.length; i += batchSize) {
          batches.push({ cards: jobs.slice(i, i + batchSize), ...target });
        }
        await eachLimited(batches, OG_CHILDREN, async (batch) => {
          // Awaited first: `report.ogRendered += await …` would read the count before the
          // child ran, and the lanes running at once would overwrite each other's batches.
          const child = waitingOgChild ?? startChild<number>("./og-child.ts", OG_FAILURE);
          waitingOgChild = undefined;
          const rendered = await child.send(batch);
          report.ogRendered += rendered;
        });
        const unique = new Set(files);
        report.ogReused += unique.size - missing.size;
        await placeAfter.catch(() => {});
        // What is left to place: cached cards, and new ones drawn into the cache's folder.
        const toPlace = straightIn ? [...unique].filter((file) => !missing.has(file)) : [...unique];
        const inFolder = (file: string) => filed.has(file) || (!straightIn && missing.has(file));
        const linkable = toPlace.filter(inFolder);
        const onlyPacked = toPlace.filter((file) => !inFolder(file));
        const links = { work: true };
        const place = (file: string) =>
          placeCachedCard(join(dirs.og, file), join(dirs.outOg, file), links);
        // The first alone: it finds out whether links work here, so the others do not each try.
        const [first, ...rest] = linkable;
        if (first !== undefined) {
          await place(first);
          if (!links.work) report.ogCopied += 1;
        }
        const copy = async (names: readonly string[], outDir: string) => {
          if (names.length === 0) return;
          const unpack = outDir === dirs.og;
          const placed = await placeCards({
            names,
            cardsDir: dirs.og,
            packsDir,
            outDir,
            packs,
            unpack,
          });
          report.ogCopied += placed.copied;
          report.ogFromPacks += placed.fromPacks;
        };
        if (!links.work) await copy([...rest, ...onlyPacked], dirs.outOg);
        else {
          // Cards only a pack holds (drawn for an output elsewhere) are unpacked into files of
          // their own first, once: this build and the next ones link them.
          await copy(onlyPacked, dirs.og);
          await eachLimited([...rest, ...onlyPacked], CARDS_IN_FLIGHT, place);
        }
        // After placing: joining deletes the packs that were read for it.
        if (straightIn) await joinPacksIfMany(packsDir);
        await retiring;
      };
      const written = write();
      // Observed here so a failure waits for whoever awaits `written`, not an unhandled rejection.
      written.catch(() => {});
      return { paths: files.map((file) => `${OG_IMAGE_PREFIX}${file}`), written };
    },
  };
}
export type ImagePipeline = ReturnType<typeof createImagePipeline>;

/**
 * The names in a folder; none when it cannot be read (a first build has none yet). A cache
 * that cannot be read is one to write: that fails where it should, with the files.
 */
function listing(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

/**
 * Whether a hard link can join the two folders (both exist): not across file systems, as from
 * a cache on disk to an output on tmpfs. A link may still fail where this says yes (a file
 * system without links); placeCachedCard then copies.
 */
function onOneFileSystem(a: string, b: string): boolean {
  try {
    return statSync(a).dev === statSync(b).dev;
  } catch {
    return false;
  }
}

/**
 * Cards linked at once. Each one's next step waits for this thread's event loop, which renders
 * pages between its turns (render-here.ts): with 16 in flight, 11,800 cards were mostly left
 * for the end of a 10,000-post build; with this many the thread pool has work through a whole
 * batch of pages.
 */
const CARDS_IN_FLIGHT = 1024;

/**
 * Puts a cached card into the output as a hard link: one system call and no bytes copied
 * (10,000 posts have 11,800 cards, 160 MB). Safe because a card is named by the hash of what
 * it shows, written to the cache once under that name (og-child.ts renames it in whole) and
 * never rewritten, and the build never writes into an output card: one already there has the
 * same name, so the same bytes. Where a link cannot be made (the output on another file
 * system than the cache, as a tmpfs output is), a copy; after the first such failure the
 * build copies the others from the cache's packs (card-pack.ts) without trying.
 */
async function placeCachedCard(cached: string, target: string, links: { work: boolean }) {
  if (links.work) {
    try {
      await link(cached, target);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") return;
      if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP") links.work = false;
    }
  }
  await copyCard(cached, target);
}

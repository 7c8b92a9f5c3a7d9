import type { SiteSettings } from "../content/index.ts";

/**
 * Runtime parsing of the site-settings static query. The build validates content with zod;
 * the client only guards against a payload that does not parse (spec §8: log the error, use
 * an empty object), with plain type guards to keep zod out of the bundle.
 */

const STRING_FIELDS = [
  "productName",
  "siteUrl",
  "description",
  "demoUrl",
  "signupPlusUrl",
  "loginUrl",
  "appUrl",
  "supportEmail",
  "twitterHandle",
  "doNotSellUrl",
  "trackingPixelUrl",
  "adPixelUrl",
  "buyerIntentScriptUrl",
] as const satisfies readonly (keyof SiteSettings)[];

const SOCIAL_FIELDS = ["x", "facebook", "linkedin", "instagram"] as const;
const HOST_LIST_FIELDS = ["marketingHosts", "appHosts", "productHosts"] as const;

type Logger = (message: string, ...details: unknown[]) => void;
type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** Returns the first problem found, or null when the object has the settings' shape. */
function findProblem(value: Json): string | null {
  for (const field of STRING_FIELDS) {
    if (field in value && typeof value[field] !== "string") return `${field} is not a string`;
  }
  if ("buyerIntentPaths" in value && !isStringArray(value.buyerIntentPaths)) {
    return "buyerIntentPaths is not a list of strings";
  }
  if ("social" in value) {
    const social = value.social;
    if (!isObject(social) || SOCIAL_FIELDS.some((name) => typeof social[name] !== "string")) {
      return "social is not an object of x, facebook, linkedin and instagram URLs";
    }
  }
  if ("attribution" in value) {
    const attribution = value.attribution;
    if (
      !isObject(attribution) ||
      HOST_LIST_FIELDS.some((name) => name in attribution && !isStringArray(attribution[name]))
    ) {
      return "attribution does not hold lists of host names";
    }
  }
  return null;
}

function pickKnownFields(value: Json): Partial<SiteSettings> {
  const settings: Json = {};
  for (const field of [...STRING_FIELDS, "buyerIntentPaths", "social", "attribution"]) {
    if (field in value) settings[field] = value[field];
  }
  return settings as Partial<SiteSettings>;
}

/**
 * Accepts the settings object or its JSON text. Anything that does not parse into the
 * settings' shape is logged and replaced by `{}`, so the shell renders without the links it
 * cannot build instead of failing the page.
 */
export function parseSiteSettings(
  raw: unknown,
  logError: Logger = console.error,
): Partial<SiteSettings> {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      logError("Site settings are not valid JSON; using empty settings.", error);
      return {};
    }
  }
  if (!isObject(value)) {
    logError(
      `Site settings are missing or not an object (got ${value === null ? "null" : typeof value}); ` +
        "using empty settings. Check content/settings.json and the site-settings static query.",
    );
    return {};
  }
  const problem = findProblem(value);
  if (problem) {
    logError(`Site settings could not be parsed: ${problem}; using empty settings.`);
    return {};
  }
  return pickKnownFields(value);
}

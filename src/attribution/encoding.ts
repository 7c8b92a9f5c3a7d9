import type { SignupData, Touch } from "./types.ts";
import {
  cleanPath,
  cleanValue,
  decodeValue,
  ENCODED_VALUE_PATTERN,
  encodeValue,
  STORED_PATH_PATTERN,
} from "./values.ts";

/*
 * The stored formats. Encoders clean their input, so they always produce a cookie-safe string;
 * parsers answer null on anything malformed (wrong separators, missing or repeated keys,
 * invalid percent-encoding, characters a cookie cannot hold).
 */

const LAST_TOUCH_CODES = [
  ["utmcsr", "source"],
  ["utmccn", "campaign"],
  ["utmcmd", "medium"],
  ["utmctr", "term"],
  ["utmcct", "content"],
] as const satisfies readonly (readonly [string, keyof Touch])[];

const FIRST_TOUCH_ORDER = [
  "source",
  "medium",
  "term",
  "campaign",
  "content",
] as const satisfies readonly (keyof Touch)[];
const FIRST_TOUCH_SEPARATOR = "~~";

// Stored cookies longer than this are not ours; parsing them would only waste time.
const MAX_PARSED_LENGTH = 8192;

export function cleanTouch(touch: Partial<Touch>): Touch {
  return {
    source: cleanValue(touch.source),
    medium: cleanValue(touch.medium),
    campaign: cleanValue(touch.campaign),
    term: cleanValue(touch.term),
    content: cleanValue(touch.content),
  };
}

/** `utmcsr={source}|utmccn={campaign}|utmcmd={medium}|utmctr={term}|utmcct={content}` */
export function encodeLastTouch(touch: Touch): string {
  const clean = cleanTouch(touch);
  return LAST_TOUCH_CODES.map(([code, field]) => `${code}=${encodeValue(clean[field])}`).join("|");
}

/** Accepts the five codes in any order, each exactly once. */
export function parseLastTouch(raw: string | undefined | null): Touch | null {
  if (!isParseable(raw)) return null;
  const parts = raw.split("|");
  if (parts.length !== LAST_TOUCH_CODES.length) return null;
  const found = new Map<string, string>();
  for (const part of parts) {
    const equals = part.indexOf("=");
    if (equals === -1) return null;
    const code = part.slice(0, equals);
    const value = decodeStored(part.slice(equals + 1));
    if (value === null || found.has(code)) return null;
    found.set(code, value);
  }
  const touch: Partial<Touch> = {};
  for (const [code, field] of LAST_TOUCH_CODES) {
    const value = found.get(code);
    if (value === undefined) return null;
    touch[field] = value;
  }
  return cleanTouch(touch);
}

/** `{source}~~{medium}~~{term}~~{campaign}~~{content}` */
export function encodeFirstTouch(touch: Touch): string {
  const clean = cleanTouch(touch);
  return FIRST_TOUCH_ORDER.map((field) => encodeValue(clean[field])).join(FIRST_TOUCH_SEPARATOR);
}

export function parseFirstTouch(raw: string | undefined | null): Touch | null {
  if (!isParseable(raw)) return null;
  const parts = raw.split(FIRST_TOUCH_SEPARATOR);
  if (parts.length !== FIRST_TOUCH_ORDER.length) return null;
  const touch: Partial<Touch> = {};
  for (const [index, field] of FIRST_TOUCH_ORDER.entries()) {
    const value = decodeStored(parts[index] ?? "");
    if (value === null) return null;
    touch[field] = value;
  }
  return cleanTouch(touch);
}

const SIGNUP_KEYS = [
  "utm_source",
  "utm_first_source",
  "utm_campaign",
  "utm_first_campaign",
  "utm_medium",
  "utm_first_medium",
  "last_touch_url",
  "first_touch_url",
  "referrer",
] as const satisfies readonly (keyof SignupData)[];
const SIGNUP_PATH_KEYS = new Set<keyof SignupData>(["last_touch_url", "first_touch_url"]);

function cleanSignup(data: Partial<Record<keyof SignupData, unknown>>): SignupData {
  const clean = {} as SignupData;
  for (const key of SIGNUP_KEYS) {
    clean[key] = SIGNUP_PATH_KEYS.has(key) ? cleanPath(data[key]) : cleanValue(data[key]);
  }
  return clean;
}

/** The JSON, percent-encoded as a whole (JSON's quotes and commas cannot sit in a cookie). */
export function encodeSignup(data: SignupData): string {
  return encodeValue(JSON.stringify(cleanSignup(data)));
}

/** Every key must be present with a string value; extra keys are ignored. */
export function parseSignup(raw: string | undefined | null): SignupData | null {
  if (!isParseable(raw)) return null;
  const json = decodeStored(raw);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  if (!SIGNUP_KEYS.every((key) => typeof record[key] === "string")) return null;
  return cleanSignup(record);
}

/** A single free-text value (referral id, test variation), percent-encoded. */
export function encodeText(value: string): string {
  return encodeValue(cleanValue(value));
}

export function parseText(raw: string | undefined | null): string | null {
  if (!isParseable(raw)) return null;
  const value = decodeStored(raw);
  return value === null ? null : cleanValue(value);
}

/** A URL path, stored as a valid percent-encoded path (see `cleanPath`). */
export function encodePath(path: string): string {
  return cleanPath(path);
}

export function parsePath(raw: string | undefined | null): string | null {
  if (!isParseable(raw) || !STORED_PATH_PATTERN.test(raw)) return null;
  return cleanPath(raw) || null;
}

/**
 * The generic cookie reader for callers outside this module: the parsed JSON when the value
 * (or its percent-decoded form, as `attr_signup` is stored) is JSON, otherwise the raw string
 * exactly as stored. `undefined` when there is no value.
 */
export function readCookieValue(raw: string | undefined | null): unknown {
  if (typeof raw !== "string") return undefined;
  for (const candidate of [raw, decodeValue(raw)]) {
    if (candidate === null) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // not JSON in this form; try the next
    }
  }
  return raw;
}

function isParseable(raw: string | undefined | null): raw is string {
  return typeof raw === "string" && raw.length <= MAX_PARSED_LENGTH;
}

function decodeStored(encoded: string): string | null {
  return ENCODED_VALUE_PATTERN.test(encoded) ? decodeValue(encoded) : null;
}

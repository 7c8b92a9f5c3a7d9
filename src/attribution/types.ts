import type { SiteSettings } from "../content/index.ts";

/** Hosts configuration, the `attribution` block of the site settings. */
export type AttributionConfig = SiteSettings["attribution"];

/** One traffic-source classification. Absent values are empty strings. */
export interface Touch {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
}

/** A cookie the browser adapter must write; `value` is the exact stored (cookie-safe) text. */
export interface CookieWrite {
  name: string;
  value: string;
  expires: Date;
  /** Absent: a host-only cookie (localhost, IP addresses). */
  domain?: string;
  path: "/";
  sameSite: "Strict";
}

/** Raw cookie values by name, as stored (no decoding applied). */
export type CookieJar = Readonly<Record<string, string>>;

/** The `attr_signup` cookie's JSON. */
export interface SignupData {
  utm_source: string;
  utm_first_source: string;
  utm_campaign: string;
  utm_first_campaign: string;
  utm_medium: string;
  utm_first_medium: string;
  last_touch_url: string;
  first_touch_url: string;
  referrer: string;
}

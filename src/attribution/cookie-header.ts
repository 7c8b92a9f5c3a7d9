import type { CookieJar, CookieWrite } from "./types.ts";

/**
 * `document.cookie` → raw values by name, undecoded (each format decodes its own values). When a
 * name repeats, the first wins: browsers list the most specific path first.
 */
export function parseCookieHeader(header: string | undefined | null): CookieJar {
  // No prototype, so a cookie named `__proto__` or `constructor` is just a cookie.
  const jar: Record<string, string> = Object.create(null);
  if (typeof header !== "string") return jar;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1) continue;
    const name = pair.slice(0, equals).trim();
    if (name === "" || Object.hasOwn(jar, name)) continue;
    jar[name] = stripQuotes(pair.slice(equals + 1).trim());
  }
  return jar;
}

function stripQuotes(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1)
    : value;
}

/** The `document.cookie` assignment for one write; `hostOnly` drops the domain attribute. */
export function serializeCookie(write: CookieWrite, hostOnly = false): string {
  const parts = [
    `${write.name}=${write.value}`,
    `expires=${write.expires.toUTCString()}`,
    `path=${write.path}`,
  ];
  if (write.domain && !hostOnly) parts.push(`domain=${write.domain}`);
  parts.push(`SameSite=${write.sameSite}`);
  return parts.join("; ");
}

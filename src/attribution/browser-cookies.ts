import { parseCookieHeader, serializeCookie } from "./cookie-header.ts";
import type { CookieJar, CookieWrite } from "./types.ts";

/*
 * The only code that touches document.cookie. Blocked cookies (privacy settings, sandboxed
 * frames) make the getter or setter throw; both degrade to "no cookies".
 */

export function readDocumentCookies(): CookieJar {
  try {
    return parseCookieHeader(document.cookie);
  } catch {
    return {};
  }
}

/**
 * Writes each cookie on its parent domain; when the browser refuses that domain (a public
 * suffix our heuristic missed, e.g. a preview host), writes it host-only instead. One read
 * after all the writes tells which domains were refused: each read that follows a write is a
 * synchronous round trip to the browser (0.3–2.7 ms each in headless Chromium on a 2-core
 * machine, more while it is still loading the page), and a first visit writes five cookies.
 */
export function applyCookieWrites(writes: readonly CookieWrite[]): void {
  // The last write of a name is the one the browser keeps, and the one to check.
  const onParentDomain = new Map<string, CookieWrite>();
  for (const write of writes) {
    if (assignCookie(serializeCookie(write)) && write.domain) onParentDomain.set(write.name, write);
    else onParentDomain.delete(write.name);
  }
  if (onParentDomain.size === 0) return;
  const stored = readDocumentCookies();
  for (const write of onParentDomain.values()) {
    if (stored[write.name] !== write.value) assignCookie(serializeCookie(write, true));
  }
}

/** False when cookies are blocked: the page keeps working, attribution lives in memory for this view. */
function assignCookie(assignment: string): boolean {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the one writer; values arrive pre-encoded as cookie-octets.
    document.cookie = assignment;
    return true;
  } catch {
    return false;
  }
}

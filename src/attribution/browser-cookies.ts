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
 * suffix our heuristic missed, e.g. a preview host), writes it host-only instead.
 */
export function applyCookieWrites(writes: readonly CookieWrite[]): void {
  for (const write of writes) {
    try {
      // biome-ignore lint/suspicious/noDocumentCookie: the one writer; values arrive pre-encoded as cookie-octets.
      document.cookie = serializeCookie(write);
      if (write.domain && readDocumentCookies()[write.name] !== write.value) {
        // biome-ignore lint/suspicious/noDocumentCookie: host-only fallback of the same write.
        document.cookie = serializeCookie(write, true);
      }
    } catch {
      // Cookies blocked: the page keeps working, attribution lives in memory for this view.
    }
  }
}

/**
 * The domain attribution cookies are shared on: the registrable parent domain, so marketing
 * pages and the app's login and sign-up pages see the same cookies.
 */

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
// Second levels under which a country sells names (example.co.uk, example.com.au).
const COUNTRY_SECOND_LEVELS = new Set([
  "co",
  "com",
  "net",
  "org",
  "ne",
  "or",
  "ac",
  "gob",
  "gov",
  "edu",
]);
// Hosting platforms on the public-suffix list: a cookie for the platform itself is refused.
const PLATFORM_SUFFIXES = [
  "github.io",
  "vercel.app",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "herokuapp.com",
  "onrender.com",
  "fly.dev",
  "azurewebsites.net",
  "amplifyapp.com",
  "cloudfront.net",
];

/**
 * `www.harbordesk.example` → `harbordesk.example`; `a.b.example.co.uk` → `example.co.uk`;
 * `localhost`, IP addresses, single-label hosts and bare public suffixes → undefined (host-only).
 * This is a heuristic without the full public-suffix list, so the browser adapter falls back to
 * a host-only cookie when the browser refuses the domain.
 */
export function cookieDomainFor(hostname: string): string | undefined {
  const host = hostname.trim().toLowerCase().replace(/\.$/, "");
  if (host === "" || host.includes(":") || host.startsWith("[") || IPV4.test(host))
    return undefined;
  const labels = host.split(".");
  if (labels.some((label) => label === "")) return undefined;
  if (labels.length < 2 || labels.at(-1) === "localhost") return undefined;
  const suffixLabels = publicSuffixLabels(labels);
  if (labels.length <= suffixLabels) return undefined;
  return labels.slice(-(suffixLabels + 1)).join(".");
}

function publicSuffixLabels(labels: readonly string[]): number {
  const lastTwo = labels.slice(-2).join(".");
  if (PLATFORM_SUFFIXES.includes(lastTwo)) return 2;
  const topLevel = labels.at(-1) ?? "";
  const secondLevel = labels.at(-2) ?? "";
  if (labels.length >= 2 && /^[a-z]{2}$/.test(topLevel) && COUNTRY_SECOND_LEVELS.has(secondLevel)) {
    return 2;
  }
  return 1;
}

/** Host comparisons: configuration hosts, and the `name.*` / `domain` patterns of the source lists. */

/** Lowercase, without a trailing dot or port. */
export function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const withoutPort = lower.startsWith("[") ? lower : lower.replace(/:\d*$/, "");
  return withoutPort.replace(/\.$/, "");
}

/** True when `host` is one of the configured hosts (exact match; ports and case ignored). */
export function isConfiguredHost(host: string, configured: readonly string[]): boolean {
  const wanted = normaliseHost(host);
  return wanted !== "" && configured.some((entry) => normaliseHost(entry) === wanted);
}

// A generic or country top-level domain, optionally under a country's second level (co.uk, com.au).
const COUNTRY_DOMAIN = /^(?:[a-z]{2,3}|(?:co|com|net|org|ne|or|ac|gob|gov|edu)\.[a-z]{2})$/;

/**
 * `name.*` matches `name` followed by a country domain, at the end of the host, e.g.
 * `www.google.co.uk`; `domain` matches itself and its subdomains, e.g. `t.co`, `m.t.co`.
 */
export function matchesDomainPattern(host: string, pattern: string): boolean {
  const hostname = normaliseHost(host);
  if (pattern.endsWith(".*")) {
    const name = pattern.slice(0, -2);
    const labels = hostname.split(".");
    return labels.some(
      (label, index) =>
        label === name &&
        index < labels.length - 1 &&
        COUNTRY_DOMAIN.test(labels.slice(index + 1).join(".")),
    );
  }
  return hostname === pattern || hostname.endsWith(`.${pattern}`);
}

export function matchesAnyDomain(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesDomainPattern(host, pattern));
}

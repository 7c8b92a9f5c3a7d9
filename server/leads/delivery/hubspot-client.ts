/**
 * Sends one submission to HubSpot's Forms API v3 and reports what happened as a SendOutcome
 * (./retry-policy.ts decides what that means). With an access token it uses the
 * authenticated `/secure/submit/` endpoint (a bearer token, higher limits); without, the
 * public one. Every request has a timeout: a hung CRM costs one timeout, not a stuck worker.
 * Redirects are not followed: fetch would repeat a 301/302/303 as a GET without the
 * submission, and take that GET's 2xx for an accepted lead. The 3xx goes to the policy.
 */
import { HUBSPOT_DEFAULT_API_BASE, submitPath } from "./constants.ts";
import type { SendOutcome } from "./retry-policy.ts";
import type { HubSpotSubmission } from "./submission.ts";

export interface HubSpotClientOptions {
  apiBase?: string | undefined;
  portalId: string;
  accessToken?: string | null | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface HubSpotClient {
  send(formGuid: string, submission: HubSpotSubmission): Promise<SendOutcome>;
}

/** We keep only the start of an answer: enough for HubSpot's error JSON. */
const MAX_BODY_CHARS = 8_192;

export function createHubSpotClient(options: HubSpotClientOptions): HubSpotClient {
  const base = (options.apiBase ?? HUBSPOT_DEFAULT_API_BASE).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const secure = Boolean(options.accessToken);
  return {
    async send(formGuid, submission) {
      const url = `${base}${submitPath(options.portalId, formGuid, secure)}`;
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json",
      };
      if (secure) headers.authorization = `Bearer ${options.accessToken}`;
      const signal = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify(submission),
          redirect: "manual",
          signal,
        });
      } catch (error) {
        return failure(error, signal);
      }
      const retryAfter = response.headers.get("retry-after");
      let body: string;
      try {
        body = (await response.text()).slice(0, MAX_BODY_CHARS);
      } catch (error) {
        // The timeout covers the body too, and a connection can break off mid-body. A 2xx
        // status already says the lead is in (sending it again would make a duplicate); only
        // an error's body decides anything (dead or retry).
        if (!response.ok) return failure(error, signal);
        body = "";
      }
      return { kind: "response", status: response.status, body, retryAfter };
    },
  };
}

function failure(error: unknown, signal: AbortSignal): SendOutcome {
  if (signal.aborted) return { kind: "timeout" };
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return {
    kind: "network",
    message: cause?.code ?? cause?.message ?? (error as Error).message,
  };
}

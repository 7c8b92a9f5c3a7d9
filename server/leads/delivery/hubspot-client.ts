/**
 * Sends one submission to HubSpot's Forms API v3 and reports what happened as a SendOutcome
 * (./retry-policy.ts decides what that means). With an access token it uses the
 * authenticated `/secure/submit/` endpoint (a bearer token, higher limits); without, the
 * public one. Every request has a timeout: a hung CRM costs one timeout, not a stuck worker.
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
      try {
        const response = await doFetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify(submission),
          signal,
        });
        const body = (await response.text()).slice(0, MAX_BODY_CHARS);
        return {
          kind: "response",
          status: response.status,
          body,
          retryAfter: response.headers.get("retry-after"),
        };
      } catch (error) {
        if (signal.aborted) return { kind: "timeout" };
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        return {
          kind: "network",
          message: cause?.code ?? cause?.message ?? (error as Error).message,
        };
      }
    },
  };
}

/**
 * The no-JavaScript half of lead forms. A native form post is answered with a 303 back to the
 * page, the outcome in the query (`hd_form`, `hd_status`, docs/lead-api.md). Static HTML cannot
 * read a query, so for such a request the page's HTML is served with the outcome marked on its
 * form (`data-nojs-status="success|error"`), which the form's CSS turns into the visible
 * success or error state. Pages with JavaScript read the same query themselves.
 */
import { CACHE_NO_STORE } from "./constants.ts";

const FORM_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STATUSES = new Set(["success", "error"]);

/** The outcome a URL's query reports, or null when it reports none (or names no valid form). */
export function formResultOf(url: URL): { formId: string; status: string } | null {
  const formId = url.searchParams.get("hd_form");
  const status = url.searchParams.get("hd_status");
  if (!formId || !status || !FORM_ID.test(formId) || !STATUSES.has(status)) return null;
  return { formId, status };
}

/** The HTML with the outcome marked on every form with this id. */
export function markFormResult(html: string, formId: string, status: string): string {
  return html.replaceAll(
    `data-form-id="${formId}"`,
    `data-form-id="${formId}" data-nojs-status="${status}"`,
  );
}

/**
 * Serves `request` through `serve` and, when its query reports a form outcome and the answer
 * is a page, marks the outcome in the HTML. Anything else passes through untouched.
 */
export async function withFormResult(
  request: Request,
  serve: (request: Request) => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  // HEAD too: it must answer the headers GET would (length, no-store, no validators).
  const head = request.method === "HEAD";
  const result = request.method === "GET" || head ? formResultOf(url) : null;
  if (!result) return serve(request);
  // Ask for identity bytes and no 304, since the body is rewritten.
  const headers = new Headers(request.headers);
  for (const name of ["accept-encoding", "if-none-match", "if-modified-since", "range"]) {
    headers.delete(name);
  }
  const response = await serve(new Request(request.url, { method: "GET", headers }));
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) {
    return response;
  }
  const html = markFormResult(await response.text(), result.formId, result.status);
  const out = new Headers(response.headers);
  for (const name of ["content-length", "content-encoding", "etag", "last-modified"]) {
    out.delete(name);
  }
  out.set("cache-control", CACHE_NO_STORE);
  if (head) {
    out.set("content-length", String(Buffer.byteLength(html)));
    return new Response(null, { status: 200, headers: out });
  }
  return new Response(html, { status: 200, headers: out });
}

import { describe, expect, it } from "vitest";
import { formResultOf, markFormResult, withFormResult } from "./form-result.ts";

const PAGE = '<form data-form-id="demo-request" class="group"></form>';
const serve =
  (body: string, type = "text/html; charset=utf-8") =>
  async (request: Request) =>
    new Response(request.headers.has("accept-encoding") ? "compressed?" : body, {
      status: 200,
      headers: { "content-type": type, etag: '"abc"', "cache-control": "max-age=0" },
    });

describe("no-JavaScript form outcome", () => {
  it("reads only a valid form id and status from the query", () => {
    expect(formResultOf(new URL("http://x/?hd_form=demo-request&hd_status=success"))).toEqual({
      formId: "demo-request",
      status: "success",
    });
    expect(formResultOf(new URL('http://x/?hd_form="><script>&hd_status=success'))).toBeNull();
    expect(formResultOf(new URL("http://x/?hd_form=demo-request&hd_status=maybe"))).toBeNull();
  });
  it("marks that form in the page, uncompressed and uncached", async () => {
    expect(markFormResult(PAGE, "demo-request", "error")).toContain(
      'data-form-id="demo-request" data-nojs-status="error"',
    );
    const response = await withFormResult(
      new Request("http://x/lp/?hd_form=demo-request&hd_status=success", {
        headers: { "accept-encoding": "br" },
      }),
      serve(PAGE),
    );
    expect(await response.text()).toContain('data-nojs-status="success"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBeNull();
  });
  it("answers HEAD with the headers GET sends: the marked page's length, no-store, no validators", async () => {
    const url = "http://x/lp/?hd_form=demo-request&hd_status=success";
    const get = await withFormResult(new Request(url), serve(PAGE));
    const body = await get.text();
    const head = await withFormResult(new Request(url, { method: "HEAD" }), serve(PAGE));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(head.headers.get("cache-control")).toBe("no-store");
    expect(head.headers.get("etag")).toBeNull();
    expect(head.headers.get("last-modified")).toBeNull();
  });
  it("passes other requests and non-HTML answers through untouched", async () => {
    const plain = await withFormResult(new Request("http://x/lp/"), serve(PAGE));
    expect(plain.headers.get("etag")).toBe('"abc"');
    const json = await withFormResult(
      new Request("http://x/a.json?hd_form=demo-request&hd_status=success"),
      serve("{}", "application/json"),
    );
    expect(await json.text()).toBe("{}");
  });
});

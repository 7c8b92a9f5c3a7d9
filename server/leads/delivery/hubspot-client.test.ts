/**
 * The HubSpot client against real HTTP servers that answer in ways the policy has to see as
 * they are: a redirect, and a status whose body then never finishes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHubSpotClient } from "./hubspot-client.ts";
import { classifyOutcome } from "./retry-policy.ts";
import type { HubSpotSubmission } from "./submission.ts";

const PORTAL = "4242424";
const FORM = "c4d5e6f7-8a9b-4c0d-8e1f-2a3b4c5d6e7f";
const SUBMIT = `/submissions/v3/integration/submit/${PORTAL}/${FORM}`;
const submission: HubSpotSubmission = {
  fields: [{ objectTypeId: "0-1", name: "email", value: "ada@northwind.example" }],
  context: {},
  submittedAt: "1714564800000",
};

/** A CRM stand-in on 127.0.0.1 that answers every request, once its body is read, with `answer`. */
async function startCrm(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let crm: Awaited<ReturnType<typeof startCrm>> | undefined;
afterEach(async () => {
  await crm?.close();
  crm = undefined;
});

const clientFor = (url: string, timeoutMs = 2_000) =>
  createHubSpotClient({ apiBase: url, portalId: PORTAL, timeoutMs });

describe("createHubSpotClient", () => {
  it.each([301, 302, 303, 307, 308])(
    "does not follow a %d: the policy sees it and retries, the target is never asked",
    async (status) => {
      crm = await startCrm((req, res) => {
        if (req.url === SUBMIT) res.writeHead(status, { location: "/moved" }).end();
        else
          res
            .writeHead(200, { "content-type": "application/json" })
            .end('{"inlineMessage":"Thanks"}');
      });
      const outcome = await clientFor(crm.url).send(FORM, submission);
      expect(outcome).toMatchObject({ kind: "response", status });
      expect(classifyOutcome(outcome)).toMatchObject({ action: "retry", status });
      expect(crm.seen).toEqual([`POST ${SUBMIT}`]);
    },
  );

  it("a 2xx whose body stalls past the timeout is the 2xx: the status decides, not the body", async () => {
    crm = await startCrm((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"inlineMessage":'); // and nothing more
    });
    const outcome = await clientFor(crm.url, 200).send(FORM, submission);
    expect(outcome).toEqual({ kind: "response", status: 200, body: "", retryAfter: null });
    expect(classifyOutcome(outcome)).toEqual({ action: "delivered", status: 200 });
  });

  it("a 2xx whose connection drops mid-body is the 2xx too", async () => {
    crm = await startCrm((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"inlineMessage":', () => res.socket?.destroy());
    });
    const outcome = await clientFor(crm.url).send(FORM, submission);
    expect(classifyOutcome(outcome)).toEqual({ action: "delivered", status: 200 });
  });

  it("an error whose body stalls is a timeout: its body is what tells dead from retry", async () => {
    crm = await startCrm((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.write('{"status":"error",');
    });
    expect(await clientFor(crm.url, 200).send(FORM, submission)).toEqual({ kind: "timeout" });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AttributionController, type RouteUpdateLike, startAttribution } from "./browser.ts";
import {
  FIRST_TOUCH_COOKIE,
  FIRST_URL_COOKIE,
  LAST_TOUCH_COOKIE,
  LAST_URL_COOKIE,
  LINK_REWRITE_DELAY_MS,
} from "./constants.ts";
import { parseFirstTouch, parseLastTouch } from "./encoding.ts";
import { TEST_CONFIG } from "./testing.ts";

/*
 * The browser adapter against a small fake of the DOM it uses (Vitest runs in Node): a
 * location the test moves as the router would, document.referrer, a cookie jar behind
 * document.cookie and the page's links.
 */

const HOME = "https://www.harbordesk.example/";

class FakeAnchor {
  isConnected = true;
  private href: string;
  constructor(href: string) {
    this.href = href;
  }
  getAttribute(name: string): string | null {
    return name === "href" ? this.href : null;
  }
  setAttribute(name: string, value: string): void {
    if (name === "href") this.href = value;
  }
}

interface FakePage {
  jar: Record<string, string>;
  anchors: FakeAnchor[];
  navigate(href: string): void;
}

function fakePage(href: string, referrer: string, links: string[] = []): FakePage {
  const jar: Record<string, string> = {};
  const anchors = links.map((link) => new FakeAnchor(link));
  const location = { href };
  vi.stubGlobal("window", { location });
  vi.stubGlobal("document", {
    referrer,
    readyState: "complete",
    documentElement: {},
    get cookie() {
      return Object.entries(jar)
        .map(([name, value]) => `${name}=${value}`)
        .join("; ");
    },
    set cookie(assignment: string) {
      const pair = assignment.split(";")[0] ?? "";
      const index = pair.indexOf("=");
      jar[pair.slice(0, index)] = pair.slice(index + 1);
    },
    addEventListener() {},
    removeEventListener() {},
    querySelectorAll: () => anchors.filter((anchor) => anchor.getAttribute("href") !== null),
  });
  return {
    jar,
    anchors,
    navigate(next) {
      location.href = next;
    },
  };
}

let controller: AttributionController | null = null;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  controller?.stop();
  controller = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the landing page view", () => {
  it("is tracked from the landing URL when the visitor navigated before attribution started", () => {
    const page = fakePage(
      `${HOME}?utm_source=newsletter&utm_medium=email`,
      "https://www.google.com/",
    );
    const landingUrl = `${HOME}?utm_source=newsletter&utm_medium=email`;
    // A client-side navigation before the idle callback started attribution.
    page.navigate(`${HOME}pricing/`);
    controller = startAttribution(TEST_CONFIG, { landingUrl });
    expect(parseLastTouch(page.jar[LAST_TOUCH_COOKIE])).toMatchObject({
      source: "newsletter",
      medium: "email",
    });
    expect(parseFirstTouch(page.jar[FIRST_TOUCH_COOKIE])).toMatchObject({
      source: "newsletter",
      medium: "email",
    });
    expect(page.jar[FIRST_URL_COOKIE]).toBe("/");
    // Then the page the visitor is on, as an internal view: the touch stays the campaign.
    expect(page.jar[LAST_URL_COOKIE]).toBe("/pricing/");
  });

  it("keeps the landing referrer's touch, not direct, for the page the visitor reached", () => {
    const page = fakePage(HOME, "https://www.google.com/");
    page.navigate(`${HOME}pricing/`);
    controller = startAttribution(TEST_CONFIG, { landingUrl: HOME });
    expect(parseLastTouch(page.jar[LAST_TOUCH_COOKIE])).toMatchObject({
      source: "google",
      medium: "organic",
    });
    expect(page.jar[FIRST_URL_COOKIE]).toBe("/");
    expect(page.jar[LAST_URL_COOKIE]).toBe("/pricing/");
  });

  it("is one page view when the visitor is still on the landing page", () => {
    const page = fakePage(`${HOME}#features`, "https://www.bing.com/search?q=help+desk");
    const routes: ((update: RouteUpdateLike) => void)[] = [];
    controller = startAttribution(TEST_CONFIG, {
      landingUrl: HOME,
      onRouteUpdate: (listener) => {
        routes.push(listener);
        return () => {};
      },
    });
    expect(parseLastTouch(page.jar[LAST_TOUCH_COOKIE])).toMatchObject({
      source: "bing",
      term: "help desk",
    });
    expect(page.jar[LAST_URL_COOKIE]).toBe("/");
    // The first render's route update reports the page already tracked.
    page.navigate(HOME);
    delete page.jar[LAST_URL_COOKIE];
    for (const listener of routes) {
      listener({ location: { pathname: "/", search: "", hash: "" }, prevLocation: null });
    }
    expect(page.jar[LAST_URL_COOKIE]).toBeUndefined();
  });

  it("takes the landing URL's referral parameters for app links", () => {
    const page = fakePage(`${HOME}?gspk=landing-pk`, "", [
      "https://secure.harbordesk.example/members/login/",
    ]);
    page.navigate(`${HOME}pricing/`);
    controller = startAttribution(TEST_CONFIG, {
      landingUrl: `${HOME}?gspk=landing-pk`,
      getProductIds: () => ({}),
    });
    vi.advanceTimersByTime(LINK_REWRITE_DELAY_MS + 50);
    expect(page.anchors[0]?.getAttribute("href")).toBe(
      "https://secure.harbordesk.example/members/login/?gspk=landing-pk",
    );
  });
});

describe("link rewriting in the page", () => {
  it("adds the ids to protocol-relative product and app links", () => {
    const page = fakePage(`${HOME}?gspk=pk`, "", [
      "//docs.harbordesk.example/guide/",
      "//secure.harbordesk.example/members/login/",
    ]);
    controller = startAttribution(TEST_CONFIG, { getProductIds: () => ({ mxid: "m1" }) });
    vi.advanceTimersByTime(LINK_REWRITE_DELAY_MS + 50);
    expect(page.anchors.map((anchor) => anchor.getAttribute("href"))).toEqual([
      "https://docs.harbordesk.example/guide/?mxid=m1",
      "https://secure.harbordesk.example/members/login/?gspk=pk",
    ]);
  });

  it("adds referral parameters to relative links on the app's own pages", () => {
    const page = fakePage("https://secure.harbordesk.example/members/login/?gspk=pk", "", [
      "/members/login/reset/",
    ]);
    controller = startAttribution(TEST_CONFIG, { getProductIds: () => ({}) });
    vi.advanceTimersByTime(LINK_REWRITE_DELAY_MS + 50);
    expect(page.anchors[0]?.getAttribute("href")).toBe(
      "https://secure.harbordesk.example/members/login/reset/?gspk=pk",
    );
  });
});

describe("stop", () => {
  it("with restoreLinks, puts back the hrefs it rewrote", () => {
    const page = fakePage(`${HOME}?gspk=pk`, "", [
      "https://docs.harbordesk.example/",
      "https://example.com/",
    ]);
    controller = startAttribution(TEST_CONFIG, { getProductIds: () => ({ mxid: "m1" }) });
    vi.advanceTimersByTime(LINK_REWRITE_DELAY_MS + 50);
    expect(page.anchors[0]?.getAttribute("href")).toBe("https://docs.harbordesk.example/?mxid=m1");
    controller.stop({ restoreLinks: true });
    expect(page.anchors.map((anchor) => anchor.getAttribute("href"))).toEqual([
      "https://docs.harbordesk.example/",
      "https://example.com/",
    ]);
  });
});

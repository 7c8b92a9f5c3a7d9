import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { PageTree } from "../runtime/index.ts";
import { NEW_BADGE_TEXT, STATUS_BADGE_TEXT } from "./constants.ts";
import { CtaBar } from "./cta-bar.tsx";
import { Layout } from "./index.ts";
import { provideShellToServerRenderer } from "./node.ts";

provideShellToServerRenderer();

const content = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../content/${name}.json`, import.meta.url), "utf8"));
const settings = content("settings") as Record<string, unknown>;

interface RenderOptions {
  path?: string;
  search?: string;
  staticHeader?: boolean;
  data?: Partial<Record<keyof typeof STATIC_QUERY_HASH, unknown>>;
}

/** Prerenders the shell the way the build does: in Node, without window or document. */
function render({ path = "/", search = "", staticHeader, data = {} }: RenderOptions = {}) {
  const store = {
    [STATIC_QUERY_HASH["site-settings"]]: settings,
    [STATIC_QUERY_HASH.navigation]: content("navigation"),
    [STATIC_QUERY_HASH.footer]: content("footer"),
    ...Object.fromEntries(
      Object.entries(data).map(([name, value]) => [
        STATIC_QUERY_HASH[name as keyof typeof STATIC_QUERY_HASH],
        value,
      ]),
    ),
  };
  const pageContext = staticHeader === undefined ? {} : { staticHeader };
  // The runtime's own tree supplies the static queries and location, as on a real page.
  const html = renderToString(
    <PageTree
      resources={{
        pageData: {
          componentChunkName: "page---test",
          path,
          result: { data: {}, pageContext },
          staticQueryHashes: Object.keys(store),
        },
        component: null,
        staticQueryResults: store,
        slices: {},
      }}
      location={{ pathname: path, search, hash: "" }}
      renderPage={() => (
        <Layout pageContext={pageContext}>
          <h1>Page heading</h1>
        </Layout>
      )}
      prefetcher={null}
      announcement=""
      delayed={false}
    />,
  );
  // React separates adjacent text nodes with empty comments; they do not matter here.
  return { html: html.replaceAll("<!-- -->", "") };
}

describe("Layout (server render)", () => {
  it("renders without window, in landmark order: skip link, header, main, footer", () => {
    expect(typeof window).toBe("undefined");
    const { html } = render();
    const order = [
      "Skip to content",
      "<header",
      '<main id="main-content" tabindex="-1"',
      "<footer",
    ];
    const positions = order.map((needle) => html.indexOf(needle));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain('href="#main-content"');
    expect(html).toContain("<h1>Page heading</h1>");
  });

  it("shows Log in instead of Get a Demo on / only", () => {
    const home = render({ path: "/" }).html;
    expect(home).toContain(`href="${settings.loginUrl}"`);
    expect(home).toContain(">Log in<");
    expect(home).not.toContain('data-action="get-a-demo"');
    const pricing = render({ path: "/pricing/" }).html;
    expect(pricing).toContain('data-action="get-a-demo"');
    expect(pricing).toContain(`href="${settings.demoUrl}"`);
    expect(pricing).not.toContain(">Log in<");
    expect(home).toContain(`href="${settings.signupPlusUrl}"`);
    expect(home).toContain(">Start for Free<");
  });

  it("renders the header uninitialized, and static where the rules say", () => {
    expect(render({ path: "/" }).html).toMatch(
      /<header data-state="uninitialized" class="absolute/,
    );
    expect(render({ path: "/pricing/" }).html).toMatch(
      /<header data-state="uninitialized" data-static="true"/,
    );
    expect(render({ path: "/", staticHeader: true }).html).toContain('data-static="true"');
  });

  it("renders dropdowns closed, with aria-expanded and aria-controls naming their panel", () => {
    const { html } = render();
    const dropdowns = [
      ...html.matchAll(
        /<button type="button" aria-expanded="false" aria-controls="([^"]+)" class/g,
      ),
    ];
    // One per navigation item with sub-items, however many the content has.
    const navigation = content("navigation") as { items: { navItems?: unknown[] }[] };
    const expected = navigation.items.filter((item) => item.navItems?.length).length;
    expect(expected).toBeGreaterThan(0);
    expect(dropdowns).toHaveLength(expected);
    for (const [, id] of dropdowns) expect(html).toMatch(new RegExp(`<div id="${id}" hidden=""`));
    expect(html).toContain("Knowledge Base");
  });

  it("prerenders the menu toggle but not the mobile menu, which loads on first use", () => {
    const { html } = render();
    expect(html).toMatch(
      /<button type="button" aria-expanded="false" aria-controls="[^"]+" aria-label="Menu"/,
    );
    expect(html).not.toContain('role="dialog"');
  });

  it("renders no header when the navigation data is null", () => {
    const { html } = render({ data: { navigation: null } });
    expect(html).not.toContain("<header");
    expect(html).not.toContain('role="dialog"');
    expect(html).toContain("<main");
    expect(html).toContain("<footer");
  });

  it("renders the full footer with badges, social names, Do Not Sell and the year", () => {
    const { html } = render({ path: "/" });
    expect(html).toContain('data-footer="full"');
    expect(html).toMatch(
      new RegExp(
        `>Status</a><span [^>]*data-badge="status"[^>]*>${STATUS_BADGE_TEXT.replace(".", "\\.")}<`,
      ),
    );
    expect(html).toMatch(
      new RegExp(`>AI Features</a><span [^>]*data-badge="new"[^>]*>${NEW_BADGE_TEXT}<`),
    );
    for (const name of ["X", "Facebook", "LinkedIn", "Instagram"]) {
      expect(html).toContain(`aria-label="Harbor Desk on ${name}"`);
    }
    expect(html).toContain(">Do Not Sell<");
    expect(html).toContain(
      `<span data-copyright-year="true">${new Date().getFullYear()}</span> Harbor Desk. All rights reserved.`,
    );
    expect(html).toContain("<p>Harbor Desk, Inc.<br>1 Pier Street");
  });

  it("renders the small footer with logo and copyright only, and no footer where hidden", () => {
    const small = render({ path: "/lp/personalized-customer-experience/" }).html;
    expect(small).toContain('data-footer="small"');
    expect(small).not.toContain('aria-label="Footer"');
    expect(small).not.toContain("on Facebook");
    expect(small).toContain("All rights reserved.");
    expect(render({ path: "/product-tour/" }).html).not.toContain("<footer");
  });

  it("renders no footer when the footer data is null", () => {
    const { html } = render({ data: { footer: null } });
    expect(html).not.toContain("<footer");
    expect(html).toContain("<header");
  });

  it("leaves the CTA bar and path tags to the deferred shell, after hydration", () => {
    const { html } = render({
      path: "/",
      data: { "site-settings": { ...settings, trackingPixelUrl: "/pixel.gif" } },
    });
    expect(html).not.toContain("data-cta-bar");
    expect(html).not.toContain("/pixel.gif");
  });

  it("renders the CTA bar hidden, with its variant, until the browser decides", () => {
    const bar = (path: string) =>
      renderToString(<CtaBar path={path} search="" pageContext={{}} settings={settings} />);
    expect(bar("/")).toMatch(
      /<aside aria-label="Book a demo" data-cta-bar="true" data-variant="demo" data-phase="hidden" hidden="" aria-hidden="true"/,
    );
    expect(bar("/pricing/")).toContain('data-variant="trial"');
  });

  it("still renders when site settings do not parse, without the links they provide", () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const { html } = render({ data: { "site-settings": "{broken" } });
      expect(html).toContain("<header");
      expect(html).not.toContain(">Start for Free<");
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

/**
 * The server renderer's entry to the shell: it hands the real header and footer to their
 * slots, so prerendered pages carry their markup; the browser adopts the footer's without its
 * code and hydrates the header's once its code has loaded (footer-slot.tsx, header-slot.tsx).
 *
 * The header and footer are most of every page's markup (24 of 37 KB of a blog post's body)
 * and the same on every page that shares their inputs, so the prerender renders each variant
 * once (`renderWithShellRegions`) and splices it into the pages that have it.
 */
import { createElement } from "react";
import { oneBytePerCharacterWhenPossible } from "../lib/node.ts";
import type { PageContext } from "../runtime/index.ts";
import { Footer, type FooterProps } from "./footer.tsx";
import { provideServerFooter } from "./footer-slot.tsx";
import { Header, type HeaderProps } from "./header.tsx";
import { provideServerHeader } from "./header-slot.tsx";
import { footerMode, isStaticHeader, showsLoginInsteadOfDemo } from "./path-rules.ts";

export type ShellRegion = "header" | "footer";
const SHELL_REGIONS: readonly ShellRegion[] = ["header", "footer"];

/** Regions the next render leaves as markers instead of rendering them. */
const markedRegions = new Set<ShellRegion>();

/** How a region left out of a render appears in its HTML. */
export function regionMarker(region: ShellRegion): string {
  return `<template data-shell-region="${region}"></template>`;
}

function RegionMarker({ region }: { region: ShellRegion }) {
  return createElement("template", { "data-shell-region": region });
}

function ServerFooter(props: FooterProps) {
  return markedRegions.has("footer")
    ? createElement(RegionMarker, { region: "footer" })
    : createElement(Footer, props);
}

function ServerHeader(props: HeaderProps) {
  return markedRegions.has("header")
    ? createElement(RegionMarker, { region: "header" })
    : createElement(Header, props);
}

export function provideShellToServerRenderer(): void {
  provideServerFooter(ServerFooter);
  provideServerHeader(ServerHeader);
}

/**
 * Everything in a page that the header's and the footer's markup depend on, besides the
 * site-wide data (settings, navigation, footer links) and where they sit in the tree: keep in
 * step with header.tsx, header-actions.tsx and footer.tsx. A page whose keys a render has
 * seen gets that render's markup.
 */
export function shellRegionKeys(
  path: string,
  pageContext: PageContext | null | undefined,
): Record<ShellRegion, string> {
  return {
    header: `static:${isStaticHeader(path, pageContext)}|login:${showsLoginInsteadOfDemo(path)}`,
    footer: `mode:${footerMode(path)}`,
  };
}

/** A page's markup, and what tells its shape apart from other pages' cheaply. */
export interface ShellRender {
  html: string;
  /**
   * The markup with its header and footer left as markers, after those regions' keys: within
   * one build, pages with the same skeleton have the same markup outside their text. It is
   * 15 of a blog post's 40 KB, so reading a page's classes from it (the critical CSS's key)
   * costs a third. A page rendered whole has its whole markup here.
   */
  skeleton: string;
}

/**
 * Renders a page with its header and footer taken from `rendered` (region key → markup) when
 * an earlier page had the same keys. A page with a key not seen yet is rendered whole, and
 * once more per new region with that region left as a marker: the whole render minus what
 * surrounds the marker is the region's markup, exactly as it renders in place (its
 * position-derived ids included), whatever the region reads from context.
 */
export function renderWithShellRegions(
  render: () => string,
  keys: Record<ShellRegion, string>,
  rendered: Map<string, string>,
): ShellRender {
  // The key `rendered` keeps a region's markup under: the region and its variant.
  const keyOf = (region: ShellRegion) => `${region}|${keys[region]}`;
  const unseen = SHELL_REGIONS.filter((region) => !rendered.has(keyOf(region)));
  try {
    if (unseen.length === 0) {
      for (const region of SHELL_REGIONS) markedRegions.add(region);
      const marked = render();
      const html = spliceRegions(
        marked,
        SHELL_REGIONS.map((region) => [region, rendered.get(keyOf(region)) as string]),
      );
      return { html, skeleton: `regions\n${SHELL_REGIONS.map(keyOf).join("\n")}\u0000${marked}` };
    }
    const whole = render();
    for (const region of unseen) {
      markedRegions.clear();
      markedRegions.add(region);
      rendered.set(keyOf(region), regionOf(whole, render(), region));
    }
    return { html: whole, skeleton: `whole\u0000${whole}` };
  } finally {
    markedRegions.clear();
  }
}

/**
 * `marked` with each region's marker replaced by its markup, in one pass: every marker is found
 * in `marked` itself, not in the result of splicing the one before (a rope of the page that
 * the next search would first copy whole).
 */
function spliceRegions(marked: string, regions: readonly [ShellRegion, string][]): string {
  const places = regions.map(([region, markup]) => {
    const marker = regionMarker(region);
    const at = marked.indexOf(marker);
    if (at < 0) throw new Error(`The page rendered no ${region} marker.`);
    return { at, end: at + marker.length, markup };
  });
  places.sort((a, b) => a.at - b.at);
  let html = "";
  let from = 0;
  for (const { at, end, markup } of places) {
    html += marked.slice(from, at) + markup;
    from = end;
  }
  return html + marked.slice(from);
}

/** The region's markup: what `whole` has where `marked` has the region's marker. */
function regionOf(whole: string, marked: string, region: ShellRegion): string {
  const marker = regionMarker(region);
  const at = marked.indexOf(marker);
  const after = marked.length - at - marker.length;
  if (
    at < 0 ||
    whole.length < at + after ||
    !whole.startsWith(marked.slice(0, at)) ||
    !whole.endsWith(marked.slice(at + marker.length))
  ) {
    throw new Error(`The page's ${region} could not be told apart from the rest of its markup.`);
  }
  // Cut from one page, spliced into many: it must not make them all two bytes a character
  // because the page it was cut from had a "—" (lib/node.ts).
  return oneBytePerCharacterWhenPossible(whole.slice(at, whole.length - after));
}

import { useEffect } from "react";
import type { SiteSettings } from "../content/index.ts";
import type { PageContext } from "../runtime/index.ts";
import { CtaBar } from "./cta-bar.tsx";
import { installHashLinks } from "./hash-links-browser.ts";
import { PathTags } from "./path-tags.tsx";
import { useConsentChoice } from "./use-integrations.ts";

export interface DeferredShellProps {
  path: string;
  search: string;
  pageContext: PageContext;
  settings: Partial<SiteSettings>;
}

/**
 * The parts of the shell that have nothing to show in the prerendered HTML: the CTA bar
 * (hidden until the visitor scrolls), the path-triggered tags and the hash-link handling.
 * Layout loads this module after hydration, keeping it out of the first-load JavaScript.
 */
export function DeferredShell({ path, search, pageContext, settings }: DeferredShellProps) {
  useEffect(() => installHashLinks(settings.supportEmail), [settings.supportEmail]);
  // Path tags are marketing: they wait for that consent category (null: not known yet).
  const consent = useConsentChoice();
  return (
    <>
      <CtaBar path={path} search={search} pageContext={pageContext} settings={settings} />
      <PathTags path={path} settings={settings} allowed={consent?.marketing === true} />
    </>
  );
}

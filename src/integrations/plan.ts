import { allows, type ConsentChoice } from "../consent/index.ts";
import {
  INTEGRATION_CATEGORY,
  SCRIPT_INTEGRATIONS,
  type ScriptIntegrationId,
} from "./constants.ts";
import type { ClientIntegrationSettings } from "./settings.ts";

/** Which scripts a choice allows, pure: the browser adapter loads each at most once. */
export interface PlannedScript {
  id: ScriptIntegrationId;
  src: string;
}

export function plannedScripts(
  settings: ClientIntegrationSettings,
  choice: ConsentChoice,
): PlannedScript[] {
  const planned: PlannedScript[] = [];
  for (const id of SCRIPT_INTEGRATIONS) {
    const entry = settings.scripts[id];
    if (entry && allows(choice, INTEGRATION_CATEGORY[id]))
      planned.push({ id, src: entry.scriptUrl });
  }
  return planned;
}

/** A page view worth reporting: the first one, or a navigation to another path (not a hash change). */
export function isNewPageView(
  location: { pathname: string },
  prevLocation: { pathname: string } | null,
): boolean {
  return prevLocation === null || prevLocation.pathname !== location.pathname;
}

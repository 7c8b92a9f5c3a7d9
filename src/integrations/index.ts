/** Third-party integrations: what each needs (pure), the CSP they add, and the browser loader. */

export type { ConsentChoice } from "../consent/index.ts";
export {
  type IntegrationsController,
  type IntegrationsOptions,
  startIntegrations,
} from "./browser.ts";
export * from "./constants.ts";
export { type IntegrationCspSources, integrationCspSources } from "./csp.ts";
export { isNewPageView, type PlannedScript, plannedScripts } from "./plan.ts";
export {
  type ClientIntegrationSettings,
  hasOptionalIntegrations,
  isProductionHost,
  readIntegrationSettings,
} from "./settings.ts";

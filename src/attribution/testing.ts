import type { AttributionConfig } from "./types.ts";

/** Shared by the unit tests: the hosts of content/settings.json. */
export const TEST_CONFIG: AttributionConfig = {
  marketingHosts: ["harbordesk.example", "www.harbordesk.example", "localhost", "127.0.0.1"],
  appHosts: ["secure.harbordesk.example"],
  productHosts: ["docs.harbordesk.example", "status.harbordesk.example"],
};

export const PAGE = "https://www.harbordesk.example/pricing/";

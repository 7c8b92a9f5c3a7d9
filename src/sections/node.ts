/**
 * The server renderer's entry: it hands the real body component to the static region, so
 * prerendered pages carry the full markup that the browser then adopts without the code.
 */
import { ContentBody } from "./content-body.tsx";
import { provideServerContentBody } from "./static-region.tsx";

export function provideSectionsToServerRenderer(): void {
  provideServerContentBody(ContentBody);
}

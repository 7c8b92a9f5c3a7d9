/**
 * The client entry: only the stylesheet and the code that starts the rest after the first
 * paint: the modules (first-load-modules.ts says why) and the whole stylesheet
 * (deferred-stylesheets.ts). Keep it free of other imports: anything imported here is
 * downloaded and run before the page is painted.
 */
import "./styles.css";
import { linkDeferredStylesheets } from "./deferred-stylesheets.ts";
import {
  afterFirstPaint,
  firstLoadModules,
  importInTurn,
  preloadModules,
} from "./first-load-modules.ts";

afterFirstPaint(() => {
  linkDeferredStylesheets(document);
  const modules = firstLoadModules(document);
  preloadModules(modules);
  // With no modules listed there is nothing to run, and the page stays static.
  importInTurn(modules).catch((error: unknown) =>
    console.error("The page's scripts could not load; it stays static.", error),
  );
});

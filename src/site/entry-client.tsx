/**
 * The client entry: only the stylesheet and the code that starts the rest once the first
 * screen has painted, with its image if it has one: the modules (first-load-modules.ts says
 * why) and the whole stylesheet (deferred-stylesheets.ts). Keep it free of other imports:
 * anything imported here is downloaded and run before the page is painted.
 */
import "./styles.css";
import { linkDeferredStylesheets } from "./deferred-stylesheets.ts";
import {
  afterFirstScreen,
  firstLoadModules,
  importInTurn,
  preloadModules,
} from "./first-load-modules.ts";

afterFirstScreen(() => {
  linkDeferredStylesheets(document);
  const modules = firstLoadModules(document);
  preloadModules(modules);
  // With no modules listed there is nothing to run, and the page stays static.
  importInTurn(modules).catch((error: unknown) =>
    console.error("The page's scripts could not load; it stays static.", error),
  );
});

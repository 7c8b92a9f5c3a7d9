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
  nextTask,
  preloadModules,
} from "./first-load-modules.ts";

afterFirstScreen(async () => {
  // The app's root is the body's first element (src/build/document.ts); the protocol's constant
  // for its id would pull the runtime chunk into the entry, before the first paint.
  linkDeferredStylesheets(document, document.body.firstElementChild);
  // Each step in a task of its own, so that none holds the main thread long.
  await nextTask();
  const modules = firstLoadModules(document);
  void preloadModules(modules);
  // With no modules listed there is nothing to run, and the page stays static.
  importInTurn(modules).catch((error: unknown) =>
    console.error("The page's scripts could not load; it stays static.", error),
  );
});

/**
 * The client entry: only the stylesheet and the code that starts the rest after the first
 * paint (first-load-modules.ts says why). Keep it free of other imports: anything imported
 * here is downloaded and run before the page is painted.
 */
import "./styles.css";
import {
  afterFirstPaint,
  firstLoadModules,
  importInTurn,
  preloadModules,
} from "./first-load-modules.ts";

afterFirstPaint(() => {
  const modules = firstLoadModules(document);
  preloadModules(modules);
  // With no modules listed there is nothing to run, and the page stays static.
  importInTurn(modules).catch((error: unknown) =>
    console.error("The page's scripts could not load; it stays static.", error),
  );
});

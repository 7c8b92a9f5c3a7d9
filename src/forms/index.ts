/**
 * Lead forms: the contract the browser renderer, the build and the lead API share — the form
 * definition schema, the spec's constants, and the pure validation and layout rules. Pure: no
 * DOM, no Node. (Node's file reading lives in ./node.ts, imported only by Node code.) The zod
 * schemas are in ./schema.ts, which the client bundle drops (see vite.config.ts), so browser
 * code imports this file too.
 */
export * from "./constants.ts";
export * from "./fields.ts";
export * from "./layout.ts";
export * from "./rules.ts";
export * from "./schema.ts";
export * from "./submission.ts";

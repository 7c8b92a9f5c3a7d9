/**
 * The forms contract for browser code: the spec's constants and the pure layout and validation
 * rules, without the zod schemas (index.ts), which the browser never needs and would bundle.
 */
export * from "./constants.ts";
export type {
  CommunicationsCheckbox,
  FieldGroup,
  FieldOption,
  FieldType,
  FormDefinition,
  FormField,
  LegalConsentOptions,
} from "./definition.ts";
export * from "./fields.ts";
export * from "./layout.ts";
export * from "./rules.ts";

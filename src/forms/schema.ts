import { z } from "zod";
import { FIELD_TYPES } from "./constants.ts";

/**
 * The lead-form definition (spec §3), one `content/forms/{id}.json` per form. The build, the
 * browser renderer and the lead API all read forms through this schema; the types below are
 * inferred from it and never written twice.
 */

const fieldName = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/,
    "expected a field name of letters, digits, _ . - (starting with a letter)",
  );

export const fieldOptionSchema = z
  .object({
    label: z.string().min(1).describe("What the visitor sees."),
    value: z.string().min(1).max(500).describe("What is submitted and sent to the CRM."),
  })
  .strict();
export type FieldOption = z.infer<typeof fieldOptionSchema>;

export const fieldSchema = z
  .object({
    name: fieldName.describe("The CRM property name; also the submitted key."),
    label: z.string().describe("Visible label. Hidden fields may leave it empty."),
    placeholder: z.string().optional().describe("Example text shown in an empty input."),
    defaultValue: z.string().optional().describe("Initial value of a single-value field."),
    defaultValues: z
      .array(z.string())
      .optional()
      .describe("Initial values of a multi-value field (kept for CRM parity)."),
    required: z.boolean().default(false).describe("The visitor must answer it."),
    hidden: z
      .boolean()
      .default(false)
      .describe("Not shown; filled from defaults, the URL query or attribution."),
    fieldType: z.enum(FIELD_TYPES).describe("How the field is rendered and validated."),
    options: z
      .array(fieldOptionSchema)
      .default([])
      .describe("Choices of a dropdown or radio field; a submitted value must be one of them."),
    validation: z
      .object({
        blockedEmailDomains: z
          .array(z.string().min(1))
          .default([])
          .describe("Email domains refused, e.g. free-mail providers for a work-email field."),
        sitePaths: z
          .array(z.string().regex(/^\/(?:[a-z0-9-]+\/)*$/, "expected a site path like /tools/"))
          .min(1)
          .optional()
          .describe(
            "For a field that carries a link (a hidden field filled by the page): the value must be " +
              "a link to one of these pages of this site, the path with an optional query " +
              "(/help-desk-staffing-calculator/?phone_volume=1500), never another site. Leads are " +
              "emailed from the CRM, so a link a visitor could choose would make us send anyone's link.",
          ),
      })
      .strict()
      .default({ blockedEmailDomains: [] }),
    objectTypeId: z
      .string()
      .default("0-1")
      .describe("The CRM object the property belongs to (0-1 is a contact)."),
  })
  .strict()
  .superRefine((field, ctx) => {
    const choice = field.fieldType === "dropdown" || field.fieldType === "radio";
    if (choice && field.options.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: `a ${field.fieldType} needs options`,
      });
    }
    if (!choice && field.options.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: "only dropdown and radio fields take options",
      });
    }
    if (!field.hidden && field.label.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["label"], message: "a visible field needs a label" });
    }
  });
export type FormField = z.infer<typeof fieldSchema>;
export type FieldType = FormField["fieldType"];

export const fieldGroupSchema = z
  .object({
    alternative_fields: z
      .array(fieldSchema)
      .default([])
      .describe("Fields shown in this group, in order."),
    richText: z
      .string()
      .optional()
      .describe("HTML shown with the group (sanitised at build time)."),
  })
  .strict();
export type FieldGroup = z.infer<typeof fieldGroupSchema>;

export const communicationsCheckboxSchema = z
  .object({
    label: z.string().min(1).describe("The checkbox's label."),
    subscriptionTypeId: z.number().int().positive().describe("The CRM subscription type."),
    required: z.boolean().default(false),
  })
  .strict();
export type CommunicationsCheckbox = z.infer<typeof communicationsCheckboxSchema>;

export const legalConsentOptionsSchema = z
  .object({
    consentToProcessText: z
      .string()
      .optional()
      .describe("Text of the required consent-to-process checkbox; omit for implicit consent."),
    privacyText: z.string().optional().describe("Privacy notice shown under the form (HTML)."),
    communicationsCheckboxes: z.array(communicationsCheckboxSchema).default([]),
  })
  .strict();
export type LegalConsentOptions = z.infer<typeof legalConsentOptionsSchema>;

export const formDefinitionSchema = z
  .object({
    alternative_id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug")
      .describe("The form id; also the file name content/forms/{id}.json."),
    name: z.string().min(1).describe("Internal name, shown in the leads CLI."),
    hubspotFormGuid: z
      .string()
      .uuid()
      .optional()
      .describe("The CRM form that receives these leads. Decided here, never by the visitor."),
    fieldGroups: z.array(fieldGroupSchema).min(1),
    displayOptions: z
      .object({ submitButtonText: z.string().min(1).default("Submit") })
      .strict()
      .default({ submitButtonText: "Submit" }),
    configuration: z
      .object({
        postSubmitAction: z
          .object({ value: z.string().default("Thanks! We'll be in touch soon.") })
          .strict()
          .default({ value: "Thanks! We'll be in touch soon." }),
      })
      .strict()
      .default({ postSubmitAction: { value: "Thanks! We'll be in touch soon." } }),
    legalConsentOptions: legalConsentOptionsSchema.optional(),
    redirectUrl: z
      .string()
      .optional()
      .describe("Opened in a new tab after success (a site path or an absolute URL)."),
    customSuccessMessage: z
      .string()
      .optional()
      .describe("Shown after success instead of postSubmitAction.value."),
    isCompact: z.boolean().default(false).describe("Force the compact layout."),
  })
  .strict()
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.fieldGroups.forEach((group, groupIndex) => {
      group.alternative_fields.forEach((field, fieldIndex) => {
        if (seen.has(field.name)) {
          ctx.addIssue({
            code: "custom",
            path: ["fieldGroups", groupIndex, "alternative_fields", fieldIndex, "name"],
            message: `the field name "${field.name}" is used twice`,
          });
        }
        seen.add(field.name);
      });
    });
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

// Kept in a zod-free module so browser code can use it without bundling zod.

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../../tests/unit/temp-folder.ts";
import { formDefinitionSchema } from "../forms/index.ts";
import { loadContent } from "./content.ts";
import { placedForm } from "./forms.ts";
import { buildRoutes } from "./routes.ts";

describe("placed forms", () => {
  it("sanitise group rich text and the privacy notice before page data", () => {
    const form = placedForm(
      formDefinitionSchema.parse({
        alternative_id: "x",
        name: "X",
        fieldGroups: [
          {
            richText: '<p onclick="steal()">Hi<script>alert(1)</script></p>',
            alternative_fields: [{ name: "email", label: "Email", fieldType: "email" }],
          },
        ],
        legalConsentOptions: {
          privacyText: '<a href="javascript:alert(1)">policy</a><img src=x onerror=alert(1)>',
        },
      }),
    );
    expect(form.fieldGroups[0]?.richText).toBe("<p>Hi</p>");
    expect(form.legalConsentOptions?.privacyText).not.toMatch(/javascript:|onerror|onclick/);
  });

  it("the site's form pages use the form template with their forms, the blog list its newsletter, the calculator its email-result form", async () => {
    const content = await loadContent(join(import.meta.dirname, "../../content"));
    const routes = buildRoutes(content);
    const demo = routes.find((route) => route.path === "/lp/get-a-demo/");
    expect(demo?.componentChunkName).toBe("template---form-page");
    expect(demo?.data).toMatchObject({
      template: "landing",
      forms: [{ alternative_id: "demo-request" }],
    });
    const webinar = routes.find(
      (route) => route.path === "/webinars/foundations-of-great-service/",
    );
    expect(webinar?.data).toMatchObject({
      forms: [{ alternative_id: "webinar-registration" }, { alternative_id: "newsletter" }],
    });
    expect(routes.find((route) => route.path === "/pricing/")?.componentChunkName).toBe(
      "template---page",
    );
    expect(routes.find((route) => route.path === "/blog/")?.data).toMatchObject({
      newsletter: { alternative_id: "newsletter" },
    });
    expect(
      routes.find((route) => route.path === "/help-desk-staffing-calculator/")?.data,
    ).toMatchObject({ resultForm: { alternative_id: "staffing-result" } });
  });

  it("an unknown form id fails the build naming the page", async () => {
    const dir = tempFolder("hd-forms-");
    const settings = await import("../../content/settings.json", { with: { type: "json" } });
    await writeFile(join(dir, "settings.json"), JSON.stringify(settings.default));
    await mkdir(join(dir, "pages"));
    await writeFile(
      join(dir, "pages", "contact.md"),
      '---\ntitle: "Contact"\ndescription: "Talk to us."\nform: no-such-form\n---\n\nHello.\n',
    );
    await expect(loadContent(dir)).rejects.toThrow(
      /contact\.md[\s\S]*field "form": no form "no-such-form"/,
    );
  });
});

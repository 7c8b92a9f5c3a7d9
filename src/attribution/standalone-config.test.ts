import { describe, expect, it } from "vitest";
import { parseStandaloneConfig, STANDALONE_DEFAULT_CONFIG } from "./standalone-config.ts";

describe("parseStandaloneConfig", () => {
  it("uses the defaults without data-config", () => {
    expect(parseStandaloneConfig(null)).toEqual({
      config: STANDALONE_DEFAULT_CONFIG,
      problems: [],
    });
  });

  it("replaces only the keys given", () => {
    const { config, problems } = parseStandaloneConfig('{"appHosts":["app.example.com"]}');
    expect(config).toEqual({ ...STANDALONE_DEFAULT_CONFIG, appHosts: ["app.example.com"] });
    expect(problems).toEqual([]);
  });

  it.each([
    ["{nope", /not valid JSON/],
    ["[]", /must be a JSON object/],
    ['{"appHosts":"app.example.com"}', /"appHosts" must be an array/],
    ['{"apphosts":[]}', /unknown key "apphosts"/],
  ])("reports %s and keeps the defaults", (text, problem) => {
    const { config, problems } = parseStandaloneConfig(text);
    expect(config).toEqual(STANDALONE_DEFAULT_CONFIG);
    expect(problems.join("\n")).toMatch(problem);
  });
});

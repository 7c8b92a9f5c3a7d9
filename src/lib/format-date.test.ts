import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate } from "./format-date.ts";

describe("formatDate", () => {
  it("spells an ISO date as an en-US long date", () => {
    expect(formatDate("2026-09-14")).toBe("September 14, 2026");
    expect(formatDate("2024-02-29")).toBe("February 29, 2024");
    expect(formatDate("2027-01-01")).toBe("January 1, 2027");
  });

  it("answers the same when asked again (each date is spelled once and remembered)", () => {
    for (const text of ["2026-09-14", "soon", "2026-13-01", "2026-09-14"]) {
      expect(formatDate(text)).toBe(formatDate(text));
    }
    expect(formatDate("2026-09-15")).toBe("September 15, 2026");
  });

  it("leaves text that is not a date as it is", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("2026-13-01")).toBe("2026-13-01");
  });

  it("agrees with Intl's en-US long date in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01"), max: new Date("2199-12-31"), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(formatDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

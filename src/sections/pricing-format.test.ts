import { describe, expect, it } from "vitest";
import { formatPrice } from "./pricing-format.ts";

describe("formatPrice", () => {
  it("formats en-US dollars, dropping cents on whole amounts", () => {
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(25)).toBe("$25");
    expect(formatPrice(72.5)).toBe("$72.50");
    expect(formatPrice(1250)).toBe("$1,250");
  });
});

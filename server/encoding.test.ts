import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "./encoding.ts";

describe("acceptedEncodings", () => {
  it.each([
    [null, []],
    ["", []],
    ["identity", []],
    ["gzip", ["gzip"]],
    ["x-gzip", ["gzip"]],
    ["br", ["br"]],
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["GZIP, BR", ["br", "gzip"]],
    ["br;q=0, gzip", ["gzip"]],
    ["gzip;q=1.0, br;q=0.5", ["gzip", "br"]],
    ["*", ["br", "gzip"]],
    ["*;q=0", []],
    ["gzip, *;q=0", ["gzip"]],
    ["br;q=0.000", []],
    ["br;q=oops, gzip", ["gzip"]],
    ["br;q=2, gzip", ["gzip"]],
  ] as const)("%j → %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

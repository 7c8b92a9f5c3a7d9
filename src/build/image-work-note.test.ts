import { describe, expect, it } from "vitest";
import { imageWorkNote } from "./image-work-note.ts";

describe("imageWorkNote", () => {
  it("says nothing when every picture and card came from the cache", () => {
    expect(imageWorkNote({ encodes: 0, ogRendered: 0, seconds: 0.4 })).toBeNull();
  });

  it("names the pictures encoded, the cards drawn, the time and where they are kept", () => {
    expect(imageWorkNote({ encodes: 522, ogRendered: 10146, seconds: 21.04 })).toBe(
      "Images: encoded 522 picture files and drew 10,146 Open Graph cards in 21.0 s, kept in .cache/images: the next build reuses them.",
    );
  });

  it("speaks of one file or card in the singular, and of the cache folder it is given", () => {
    expect(imageWorkNote({ encodes: 1, ogRendered: 0, seconds: 0.2 }, "/tmp/cache")).toBe(
      "Images: encoded 1 picture file in 0.2 s, kept in /tmp/cache: the next build reuses them.",
    );
    expect(imageWorkNote({ encodes: 0, ogRendered: 1, seconds: 0.1 })).toBe(
      "Images: drew 1 Open Graph card in 0.1 s, kept in .cache/images: the next build reuses them.",
    );
  });
});

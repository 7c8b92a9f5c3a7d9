import ImgixClient from "@imgix/js-core";
import { describe, expect, it } from "vitest";
import {
  IMAGE_AUTO,
  IMAGE_DEFAULT_ASPECT_RATIO,
  IMAGE_DEFAULT_DPR,
  IMAGE_DEFAULT_QUALITY,
  IMAGE_DEFAULT_WIDTH,
  IMAGE_DEVICE_PIXEL_RATIOS,
  IMAGE_DPR_QUALITIES,
  IMAGE_LAYOUTS,
  IMAGE_MAX_DPR,
  IMAGE_MAX_WIDTH,
  IMAGE_MIN_WIDTH,
  IMAGE_MIN_WIDTH_TOLERANCE,
  IMAGE_WIDTH_TOLERANCE,
  ImageHelperError,
  type ImageLayoutOptions,
  imageServiceClient,
  imageUrl,
  planImage,
  serviceImage,
} from "./helper.ts";
import { imageRefSchema } from "./index.ts";

const DOMAIN = "harbordesk.imgix.net";
const PATH = "illustrations/inbox.svg";
const client = imageServiceClient(DOMAIN);
/** The reference: @imgix/js-core used directly, with the same client options. */
const reference = new ImgixClient({ domain: DOMAIN, includeLibraryParam: false });

function thrown(run: () => unknown): ImageHelperError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImageHelperError);
    return error as ImageHelperError;
  }
  throw new Error("expected the helper to throw");
}
const widthsOf = (srcSet: string) =>
  srcSet
    .split(",\n")
    .map((entry) => Number(new URL(entry.split(" ")[0] ?? "").searchParams.get("w")));

describe("the spec's image constants (§9)", () => {
  it("are the spec's values", () => {
    expect(IMAGE_DEFAULT_QUALITY).toBe(75);
    expect(IMAGE_AUTO).toBe("format,compress");
    expect(IMAGE_MIN_WIDTH).toBe(100);
    expect(IMAGE_MAX_WIDTH).toBe(8192);
    expect(IMAGE_WIDTH_TOLERANCE).toBe(0.08);
    expect(IMAGE_MIN_WIDTH_TOLERANCE).toBe(0.01);
    expect(IMAGE_DEFAULT_DPR).toBe(1);
    expect(IMAGE_MAX_DPR).toBe(5);
    expect(IMAGE_DEVICE_PIXEL_RATIOS).toEqual([1, 2, 3, 4, 5]);
    expect(IMAGE_DPR_QUALITIES).toEqual({ 1: 75, 2: 50, 3: 35, 4: 23, 5: 20 });
    expect(IMAGE_DEFAULT_WIDTH).toBe(800);
    expect(IMAGE_DEFAULT_ASPECT_RATIO).toBe(4 / 3);
    expect(IMAGE_LAYOUTS).toEqual(["constrained", "fixed", "fullWidth"]);
  });
});

describe("single service URLs", () => {
  it("default to quality 75, automatic format and compression, and ratio 1", () => {
    const url = new URL(imageUrl(client, PATH));
    expect(url.origin).toBe(`https://${DOMAIN}`);
    expect(url.pathname).toBe(`/${PATH}`);
    expect(url.searchParams.get("auto")).toBe(IMAGE_AUTO);
    expect(url.searchParams.get("q")).toBe(String(IMAGE_DEFAULT_QUALITY));
    expect(url.searchParams.get("dpr")).toBe("1");
    expect(url.searchParams.has("w")).toBe(false);
    expect(url.searchParams.has("h")).toBe(false);
  });

  it("take an optional width, height, ratio and quality", () => {
    const url = new URL(imageUrl(client, PATH, { width: 640, height: 480, dpr: 2, quality: 50 }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      auto: IMAGE_AUTO,
      q: "50",
      w: "640",
      h: "480",
      dpr: "2",
    });
  });

  it("accept ratios from 1 to 5 and reject others", () => {
    for (const dpr of [1, 1.5, 5]) expect(() => imageUrl(client, PATH, { dpr })).not.toThrow();
    for (const dpr of [0, 0.5, 5.5, Number.NaN]) {
      expect(thrown(() => imageUrl(client, PATH, { dpr })).option).toBe("dpr");
    }
  });

  it("reject a width or height that is not a whole number of pixels up to the maximum", () => {
    for (const option of ["width", "height"] as const) {
      expect(() => imageUrl(client, PATH, { [option]: 640 })).not.toThrow();
      for (const value of [-5, 0, 12.5, 99_999, Number.NaN, "800"]) {
        const error = thrown(() => imageUrl(client, PATH, { [option]: value as number }));
        expect(error.option).toBe(option);
      }
    }
  });

  it("reject a quality outside 1–100", () => {
    for (const quality of [0, 101, 7.5]) {
      expect(thrown(() => imageUrl(client, PATH, { quality })).option).toBe("quality");
    }
  });
});

describe("the domain", () => {
  it("must be a bare fully qualified name", () => {
    for (const domain of ["images.harbordesk.example", "HarborDesk.imgix.net", "a-b.example"]) {
      expect(() => imageServiceClient(domain)).not.toThrow();
    }
    for (const domain of [
      "https://harbordesk.imgix.net",
      "harbordesk.imgix.net/images",
      "localhost",
      "harbordesk.imgix.net:443",
      "",
      "192.168.0.1",
      "foo.123",
      "-bad.example.com",
      "bad-.example.com",
      "a_b.example.com",
      "harbordesk.imgix.net.",
    ]) {
      const error = thrown(() => imageServiceClient(domain));
      expect(error.option).toBe("domain");
      expect(error.message).toContain("bare fully qualified name");
    }
  });
});

describe("layout rules", () => {
  it("require a layout and name the choices when it is missing or unknown", () => {
    const missing = thrown(() => planImage({} as ImageLayoutOptions));
    expect(missing.option).toBe("layout");
    expect(missing.message).toMatch(/required.*constrained, fixed, fullWidth/);
    const unknown = thrown(() => planImage({ layout: "responsive" } as never));
    expect(unknown.option).toBe("layout");
    expect(unknown.message).toContain('got "responsive"');
  });

  it("default to width 800 and the 4:3 aspect ratio", () => {
    const plan = planImage({ layout: "constrained" });
    expect(plan).toMatchObject({ width: 800, height: 600, aspectRatio: 4 / 3, quality: 75 });
  });

  it("prefer the caller's aspect ratio, then the height, then the source's", () => {
    expect(planImage({ layout: "fixed", width: 300, aspectRatio: 3 }).height).toBe(100);
    expect(planImage({ layout: "fixed", width: 300, height: 200 }).aspectRatio).toBe(1.5);
    expect(planImage({ layout: "fixed", width: 300 }, 2).height).toBe(150);
  });

  it("reject an invalid width saying why", () => {
    for (const width of [0, -10, 12.5, Number.NaN, "800"]) {
      const error = thrown(() => planImage({ layout: "constrained", width } as never));
      expect(error.option).toBe("width");
      expect(error.message).toContain("positive whole number");
    }
    expect(thrown(() => planImage({ layout: "fixed", width: 9000 })).message).toContain("8192");
    expect(thrown(() => planImage({ layout: "fixed", height: -1 })).option).toBe("height");
  });

  it("reject an invalid aspect ratio saying why", () => {
    for (const aspectRatio of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = thrown(() => planImage({ layout: "fullWidth", aspectRatio }));
      expect(error.option).toBe("aspectRatio");
      expect(error.message).toContain("positive number");
    }
  });

  it("give each layout its sizes attribute", () => {
    expect(planImage({ layout: "fixed", width: 96 }).sizes).toBe("96px");
    expect(planImage({ layout: "constrained", width: 720 }).sizes).toBe(
      "(min-width: 760px) 720px, calc(100vw - 40px)",
    );
    expect(planImage({ layout: "fullWidth" }).sizes).toBe("100vw");
  });

  it("give a fixed image ratios 1–5 with qualities 75/50/35/23/20", () => {
    const plan = planImage({ layout: "fixed", width: 100, height: 50 });
    expect(plan.candidates.map((c) => [c.descriptor, c.width, c.height, c.quality])).toEqual([
      ["1x", 100, 50, 75],
      ["2x", 200, 100, 50],
      ["3x", 300, 150, 35],
      ["4x", 400, 200, 23],
      ["5x", 500, 250, 20],
    ]);
    expect(thrown(() => planImage({ layout: "fixed", devicePixelRatios: [1, 6] })).option).toBe(
      "devicePixelRatios",
    );
    expect(thrown(() => planImage({ layout: "fixed", devicePixelRatios: [] })).option).toBe(
      "devicePixelRatios",
    );
  });
});

describe("srcset widths", () => {
  it("run from 100 to 8192 with tolerance 0.08 for a full-width image", () => {
    const widths = planImage({ layout: "fullWidth" }).candidates.map((c) => c.width);
    expect(widths[0]).toBe(100);
    expect(widths.at(-1)).toBe(8192);
    for (let i = 1; i < widths.length - 1; i++) {
      const ratio = (widths[i] ?? 0) / (widths[i - 1] ?? 1);
      expect(ratio).toBeGreaterThan(1.14);
      expect(ratio).toBeLessThan(1.18); // each step grows by 2 × tolerance
    }
  });

  it("stop at twice the display width for a constrained image", () => {
    const widths = planImage({ layout: "constrained", width: 600 }).candidates.map((c) => c.width);
    expect(widths[0]).toBe(100);
    expect(widths.at(-1)).toBe(1200);
  });

  it("accept a tolerance of 0.01 but nothing below", () => {
    expect(() => planImage({ layout: "fullWidth", widthTolerance: 0.01 })).not.toThrow();
    const error = thrown(() => planImage({ layout: "fullWidth", widthTolerance: 0.009 }));
    expect(error.option).toBe("widthTolerance");
    expect(error.message).toContain("0.01");
  });

  it("need the minimum below the maximum", () => {
    for (const [minWidth, maxWidth] of [
      [500, 500],
      [900, 400],
    ]) {
      const error = thrown(() => planImage({ layout: "fullWidth", minWidth, maxWidth }));
      expect(error.option).toBe("minWidth");
      expect(error.message).toContain("must be below the maximum");
    }
    expect(thrown(() => planImage({ layout: "fullWidth", minWidth: -5 })).option).toBe("minWidth");
    expect(thrown(() => planImage({ layout: "fullWidth", maxWidth: 1.5 })).option).toBe("maxWidth");
    // Only a maximum given, below the default minimum: the maximum is the option to name.
    const onlyMax = thrown(() => planImage({ layout: "fullWidth", maxWidth: 50 }));
    expect(onlyMax.option).toBe("maxWidth");
    expect(onlyMax.message).toContain(
      "the maximum srcset width (50) must be above the minimum (100)",
    );
  });

  it("give a constrained image no wider than half the minimum the minimum alone", () => {
    const widths = (options: Omit<ImageLayoutOptions, "layout">) =>
      planImage({ layout: "constrained", ...options }).candidates.map((c) => c.width);
    expect(widths({ width: 40 })).toEqual([100]);
    expect(widths({ width: 600, minWidth: 1500 })).toEqual([1500]);
    expect(widths({ width: 60 })).toEqual(ImgixClient.targetWidths(100, 120, 0.08, {}));
  });

  it("take an explicit list only as a non-empty array of positive integers", () => {
    expect(
      planImage({ layout: "constrained", widths: [320, 640] }).candidates.map((c) => c.width),
    ).toEqual([320, 640]);
    for (const widths of [[], [320, 0], [320, -640], [320.5], ["320"], "320"]) {
      const error = thrown(() => planImage({ layout: "constrained", widths } as never));
      expect(error.option).toBe("widths");
    }
  });
});

describe("service srcsets compared with @imgix/js-core on the same inputs", () => {
  const cases: [string, ImageLayoutOptions, Record<string, unknown>, Record<string, unknown>][] = [
    ["full width, defaults", { layout: "fullWidth" }, { auto: IMAGE_AUTO, q: 75 }, {}],
    [
      "constrained 600 px",
      { layout: "constrained", width: 600 },
      { auto: IMAGE_AUTO, q: 75 },
      { minWidth: 100, maxWidth: 1200 },
    ],
    [
      "full width, tolerance 0.2 from 320",
      { layout: "fullWidth", widthTolerance: 0.2, minWidth: 320 },
      { auto: IMAGE_AUTO, q: 75 },
      { widthTolerance: 0.2, minWidth: 320 },
    ],
    [
      "explicit widths, quality 60",
      { layout: "constrained", widths: [360, 720, 1440], quality: 60 },
      { auto: IMAGE_AUTO, q: 60 },
      { widths: [360, 720, 1440] },
    ],
    [
      "fixed 200×100, default ratios and qualities",
      { layout: "fixed", width: 200, height: 100 },
      { auto: IMAGE_AUTO, w: 200, h: 100 },
      {},
    ],
    [
      "fixed with ratios 1–3",
      { layout: "fixed", width: 48, aspectRatio: 1, devicePixelRatios: [1, 2, 3] },
      { auto: IMAGE_AUTO, w: 48, h: 48 },
      { devicePixelRatios: [1, 2, 3] },
    ],
  ];
  for (const [name, options, params, srcsetOptions] of cases) {
    it(name, () => {
      const ours = serviceImage(client, PATH, planImage(options)).srcSet;
      expect(ours).toBe(reference.buildSrcSet(PATH, params, srcsetOptions));
    });
  }

  it("ask the service for the planned widths and nothing else", () => {
    const plan = planImage({ layout: "constrained", width: 640 });
    expect(widthsOf(serviceImage(client, PATH, plan).srcSet)).toEqual(
      plan.candidates.map((c) => c.width),
    );
  });

  it("throw where js-core throws, for the same bad inputs", () => {
    const bad: [ImageLayoutOptions, Record<string, unknown>][] = [
      [{ layout: "fullWidth", widths: [] }, { widths: [] }],
      [{ layout: "fullWidth", widths: [1.5] }, { widths: [1.5] }],
      [{ layout: "fullWidth", widthTolerance: 0.001 }, { widthTolerance: 0.001 }],
      [
        { layout: "fullWidth", minWidth: 800, maxWidth: 400 },
        { minWidth: 800, maxWidth: 400 },
      ],
    ];
    for (const [options, srcsetOptions] of bad) {
      expect(() => reference.buildSrcSet(PATH, {}, srcsetOptions)).toThrow();
      expect(() => planImage(options)).toThrow(ImageHelperError);
    }
  });
});

describe("imageRefSchema", () => {
  it("requires alt text unless the image is marked decorative", () => {
    expect(imageRefSchema.safeParse({ src: "a/b.svg", alt: "The inbox" }).success).toBe(true);
    expect(imageRefSchema.safeParse({ src: "a/b.svg", alt: "", decorative: true }).success).toBe(
      true,
    );
    const missing = imageRefSchema.safeParse({ src: "a/b.svg", alt: " " });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(["alt"]);
    expect(imageRefSchema.safeParse({ src: "a/b.svg" }).success).toBe(false);
    expect(imageRefSchema.safeParse({ src: "a/b.svg", alt: "x", decorative: false }).success).toBe(
      false,
    );
  });

  it("accepts only image paths inside content/images/", () => {
    for (const src of ["../secrets.svg", "/abs/a.png", "a.txt", "https://x.test/a.png", "A.PNG"]) {
      expect(imageRefSchema.safeParse({ src, alt: "x" }).success, src).toBe(false);
    }
  });
});

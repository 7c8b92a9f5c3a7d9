/** POST /api/hubspot/uploadFile and GET /api/files/{id} against the real SQLite store. */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness } from "./testing.ts";
import { storedFilename } from "./upload.ts";

const UPLOAD = "/api/hubspot/uploadFile";
const MAX = 1024 * 1024; // the harness's UPLOAD_MAX_BYTES
let h: Harness;

const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

async function image(format: "png" | "jpeg" | "webp" | "gif"): Promise<Buffer> {
  return sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: 65, g: 118, b: 250 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** A minimal, valid one-page PDF written by hand (objects, xref table with exact offsets, trailer). */
function minimalPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

beforeAll(async () => {
  h = await createHarness({ settings: { uploadMaxBytes: MAX } });
});
afterAll(async () => {
  await h?.close();
});

async function upload(body: unknown, headers?: Record<string, string>) {
  const response = await h.postJson(UPLOAD, body, headers);
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; fileUrl?: string; message?: string },
  };
}

describe("accepted uploads", () => {
  it.each([
    ["PNG", "image/png", () => image("png"), "image/png", "diagram.png"],
    ["JPEG", "image/jpeg", () => image("jpeg"), "image/jpeg", "photo.jpg"],
    ["JPEG declared image/jpg", "image/jpg", () => image("jpeg"), "image/jpeg", "photo.jpeg"],
    ["WebP", "image/webp", () => image("webp"), "image/webp", "shot.webp"],
    ["GIF", "image/gif", () => image("gif"), "image/gif", "anim.gif"],
    ["PDF", "application/pdf", async () => minimalPdf(), "application/pdf", "résumé.pdf"],
  ])(
    "%s is stored and served back as a download of its sniffed type",
    async (_label, declared, make, served, filename) => {
      const bytes = await make();
      const { status, body } = await upload({ file: dataUrl(declared, bytes), filename });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.fileUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);

      const id = (body.fileUrl as string).split("/").pop() as string;
      const stored = await h.store.getFile(id);
      expect(stored?.contentType).toBe(served);
      expect(Buffer.from(stored?.bytes ?? [])).toEqual(bytes);

      const response = await h.get(body.fileUrl as string);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(served);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-security-policy")).toContain("sandbox");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    },
  );

  it("gives every upload its own unguessable id", async () => {
    const png = await image("png");
    const urls = new Set<string>();
    for (let i = 0; i < 5; i++)
      urls.add(
        (await upload({ file: dataUrl("image/png", png), filename: "a.png" })).body
          .fileUrl as string,
      );
    expect(urls.size).toBe(5);
  });

  it("answers a URL the submit endpoint accepts for a file field", async () => {
    const { body } = await upload({
      file: dataUrl("application/pdf", minimalPdf()),
      filename: "cv.pdf",
    });
    const response = await h.postJson("/api/hubspot/submitForm", {
      formId: "apply",
      email: "kai@fjord.example",
      resume: body.fileUrl,
    });
    expect(response.status).toBe(200);
  });

  it("keeps the visitor's name but the real extension, and nothing that could break a header", () => {
    expect(storedFilename("C:\\Users\\kai\\cv.pdf", "pdf")).toBe("cv.pdf");
    expect(storedFilename("../../etc/passwd", "png")).toBe("passwd.png");
    expect(storedFilename('evil";\r\nX-Header: 1.png', "png")).toBe("evilX-Header: 1.png");
    expect(storedFilename("", "jpg")).toBe("upload.jpg");
    expect(storedFilename("photo.pdf", "jpg")).toBe("photo.jpg");
  });
});

describe("refused uploads store nothing", () => {
  async function expectRefused(
    body: unknown,
    status: number,
    message: RegExp,
    headers?: Record<string, string>,
  ) {
    const putFile = vi.spyOn(h.store, "putFile");
    const result = await upload(body, headers);
    expect(result.status).toBe(status);
    expect(result.body.success).toBe(false);
    expect(result.body.message).toMatch(message);
    expect(result.body.fileUrl).toBeUndefined();
    expect(putFile).not.toHaveBeenCalled();
    putFile.mockRestore();
  }

  it("an HTML page named .png and declared image/png → 415", async () => {
    const html = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
    await expectRefused(
      { file: dataUrl("image/png", html), filename: "logo.png" },
      415,
      /Only PNG, JPEG, WebP, GIF images and PDF/,
    );
  });

  it("an SVG, declared as SVG or as PNG → 415", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4" height="4"/></svg>',
    );
    await expectRefused(
      { file: dataUrl("image/svg+xml", svg), filename: "logo.svg" },
      415,
      /Only PNG/,
    );
    await expectRefused({ file: dataUrl("image/png", svg), filename: "logo.png" }, 415, /Only PNG/);
  });

  it("text/html and other declared types → 415", async () => {
    await expectRefused(
      { file: dataUrl("text/html", Buffer.from("<p>hi</p>")), filename: "a.html" },
      415,
      /Only PNG/,
    );
    await expectRefused(
      { file: dataUrl("application/zip", Buffer.from("PK\x03\x04")), filename: "a.zip" },
      415,
      /Only PNG/,
    );
  });

  it("a declared type that disagrees with the bytes → 400", async () => {
    await expectRefused(
      { file: dataUrl("image/jpeg", await image("png")), filename: "a.jpg" },
      400,
      /declared type does not match/,
    );
    await expectRefused(
      { file: dataUrl("application/pdf", await image("png")), filename: "a.pdf" },
      400,
      /declared type does not match/,
    );
  });

  it("a truncated data URL → 400, whether the cut breaks the base64 or the file", async () => {
    const full = dataUrl("image/png", await image("png"));
    await expectRefused(
      { file: full.slice(0, full.length - 7), filename: "a.png" },
      400,
      /not valid base64/,
    );
    const png = await image("png");
    const cut = png.subarray(0, png.length - 12 - ((png.length - 12) % 3));
    await expectRefused({ file: dataUrl("image/png", cut), filename: "a.png" }, 400, /incomplete/);
    const pdf = minimalPdf();
    await expectRefused(
      { file: dataUrl("application/pdf", pdf.subarray(0, 60)), filename: "a.pdf" },
      400,
      /incomplete/,
    );
  });

  it("an oversize file → 413 before decoding; an oversize body → 413 before parsing", async () => {
    const noise = await sharp(randomBytes(700 * 700 * 3), {
      raw: { width: 700, height: 700, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(MAX);
    await expectRefused(
      { file: dataUrl("image/png", noise), filename: "big.png" },
      413,
      /larger than 1 MB/,
    );
    const padded = `${dataUrl("image/png", await image("png"))}${"A".repeat(2 * MAX)}`;
    await expectRefused({ file: padded, filename: "big.png" }, 413, /larger than 1 MB/);
  });

  it("not a data URL, no file, a non-text filename, an empty file → 400", async () => {
    await expectRefused(
      { file: "https://example.com/a.png", filename: "a.png" },
      400,
      /not a base64 data URL/,
    );
    await expectRefused(
      { file: "data:image/png,rawtext", filename: "a.png" },
      400,
      /not a base64 data URL/,
    );
    await expectRefused({ filename: "a.png" }, 400, /Expected a file/);
    await expectRefused(
      { file: dataUrl("image/png", await image("png")), filename: { $ne: 1 } },
      400,
      /filename as text/,
    );
    await expectRefused({ file: "data:image/png;base64,", filename: "a.png" }, 400, /empty/);
  });

  it("wrong content type → 415; cross-site → 403", async () => {
    const response = await h.post(UPLOAD, "file=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(415);
    await expectRefused({ file: dataUrl("image/png", await image("png")) }, 403, /Cross-site/, {
      origin: "https://evil.example",
    });
  });
});

describe("GET /api/files/{id}", () => {
  it("answers 404 for unknown and malformed ids", async () => {
    expect((await h.get("/api/files/AAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await h.get("/api/files/short")).status).toBe(404);
    expect((await h.get("/api/files/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});

describe("uploads no form names", () => {
  it("are deleted a day later by the sweep an upload starts; a file a lead names is kept", async () => {
    let clock = new Date("2026-05-01T09:00:00Z");
    const swept = await createHarness({ settings: { uploadMaxBytes: MAX }, now: () => clock });
    try {
      const post = async () => {
        const response = await swept.postJson(UPLOAD, {
          file: dataUrl("application/pdf", minimalPdf()),
          filename: "cv.pdf",
        });
        const { fileUrl } = (await response.json()) as { fileUrl: string };
        return { url: fileUrl, id: fileUrl.split("/").pop() as string };
      };
      const abandoned = await post();
      const sent = await post();
      const submitted = await swept.postJson("/api/hubspot/submitForm", {
        formId: "apply",
        email: "mira@fjord.example",
        resume: sent.url,
      });
      expect(submitted.status).toBe(200);

      clock = new Date("2026-05-02T10:00:00Z");
      const fresh = await post();
      await vi.waitFor(async () => expect(await swept.store.hasFile(abandoned.id)).toBe(false));
      expect(await swept.store.hasFile(sent.id)).toBe(true);
      expect(await swept.store.hasFile(fresh.id)).toBe(true);
      expect(swept.logs).toContainEqual({ event: "upload.swept", fields: { deleted: 1 } });
      // The swept file can no longer be sent with a form: attach it again.
      const late = await swept.postJson("/api/hubspot/submitForm", {
        formId: "apply",
        email: "late@fjord.example",
        resume: abandoned.url,
      });
      expect(late.status).toBe(400);
    } finally {
      await swept.close();
    }
  });
});

import { crc32, deflateSync } from "node:zlib";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "@shared/api/items";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage, makePhoneJpeg, NOT_IMAGES } from "../factories/images";
import { get } from "../helpers/api";
import type { TestApp } from "../helpers/test-app";
import { countUploads, createTestAppWithDataDir, multipartBody, storedFiles } from "../helpers/uploads";
import { insertStudent } from "./world";

/**
 * Hostile uploads on both upload endpoints (item images and profile photos). The module's own tests
 * cover the ordinary refusals on item images; these add disguises, polyglots, crafted bombs, the
 * profile-photo endpoint, metadata in every format, and what every served variant is sent as.
 */

const ENDPOINTS = [
  { url: "/api/uploads/images", bucket: "images" },
  { url: "/api/uploads/profile-photo", bucket: "profiles" },
] as const;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];
const SCRIPT_MARKERS = ["<script", "<html", "<svg", "alert(", "onerror", "onload"];

let testApp: TestApp & { dataDir: string };
let cookie: string;
beforeAll(async () => {
  testApp = await createTestAppWithDataDir({ AUTH_RATE_LIMIT: "1000" });
  cookie = (await insertStudent(testApp, "Lakshmi Iyer")).cookie;
});
afterAll(() => testApp?.close());

function upload(endpoint: string, data: Buffer, filename: string, type: string) {
  return multipartBody([{ data, filename, type }]).then(({ payload, headers }) =>
    testApp.app.inject({ method: "POST", url: endpoint, payload, headers: { ...headers, cookie } }),
  );
}

async function storedState() {
  return {
    rows: await countUploads(testApp),
    images: (await storedFiles(testApp.dataDir, "images")).length,
    profiles: (await storedFiles(testApp.dataDir, "profiles")).length,
  };
}

/** A PNG chunk: length, type, data, CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header declares a 60000x60000 canvas (3.6 gigapixels). */
function makeDeclaredHugePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(64))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header is rewritten to declare 65000x65000 pixels. */
async function makeDeclaredHugeJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await makeImage("jpeg", { width: 16, height: 16 }));
  const frame = jpeg.findIndex((byte, index) => byte === 0xff && [0xc0, 0xc2].includes(jpeg[index + 1] ?? 0));
  if (frame < 0) throw new Error("no JPEG frame header");
  jpeg.writeUInt16BE(65_000, frame + 5);
  jpeg.writeUInt16BE(65_000, frame + 7);
  return jpeg;
}

/** A real GIF whose screen width bytes read '/*', so the file is also a script: GIF89a/*...*\/=alert(1). */
async function makeGifScriptPolyglot(): Promise<Buffer> {
  const gif = Buffer.from(await makeImage("gif", { width: 24, height: 24 }));
  gif.write("/*", 6, "latin1");
  return Buffer.concat([gif, Buffer.from("*/=alert(document.domain);", "latin1")]);
}

/** A real JPEG followed by an HTML page: the image decodes, the page rides along. */
async function makeJpegHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([
    await makeImage("jpeg", { width: 40, height: 30 }),
    Buffer.from('<html><body><script>alert("jpeg")</script></body></html>'),
  ]);
}

/** A real PNG with a text chunk holding a script. */
async function makePngWithScriptChunk(): Promise<Buffer> {
  const png = Buffer.from(await makeImage("png", { width: 40, height: 30 }));
  const iend = png.length - 12;
  const text = pngChunk("tEXt", Buffer.from("Comment\0<script>alert('png')</script>", "latin1"));
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
}

describe("files that are not what they claim", () => {
  const disguises: [string, () => Buffer | Promise<Buffer>, string, string][] = [
    ["HTML named .jpg, sent as image/jpeg", () => NOT_IMAGES.html, "photo.jpg", "image/jpeg"],
    ["SVG with a script named .png, sent as image/png", () => NOT_IMAGES.svg, "logo.png", "image/png"],
    [
      "SVG with an XML declaration, sent as image/svg+xml",
      () => Buffer.from(`<?xml version="1.0"?>\n${NOT_IMAGES.svg.toString()}`),
      "logo.svg",
      "image/svg+xml",
    ],
    [
      "a JPEG start marker followed by HTML",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), NOT_IMAGES.html]),
      "x.jpg",
      "image/jpeg",
    ],
    ["the GIF signature followed by HTML", () => NOT_IMAGES.fakeGif, "x.gif", "image/gif"],
  ];

  for (const endpoint of ENDPOINTS) {
    for (const [label, make, filename, type] of disguises) {
      it(`${endpoint.url}: refuses ${label} with 415 and stores nothing`, async () => {
        const before = await storedState();
        const response = await upload(endpoint.url, await make(), filename, type);
        expect(response.statusCode).toBe(415);
        expect(response.json().error.message).toBe(IMAGE_MESSAGES.notAnImage);
        expect(await storedState()).toEqual(before);
      });
    }
  }
});

describe("polyglots: images that carry markup or script", () => {
  const polyglots: [string, () => Promise<Buffer>, string][] = [
    ["a JPEG followed by an HTML page", makeJpegHtmlPolyglot, "desk.jpg"],
    ["a GIF that is also JavaScript", makeGifScriptPolyglot, "funny.gif"],
    ["a PNG with a script in a text chunk", makePngWithScriptChunk, "poster.png"],
  ];
  for (const endpoint of ENDPOINTS) {
    for (const [label, make, filename] of polyglots) {
      it(`${endpoint.url}: ${label} is refused, or stored re-encoded without the markup`, async () => {
        const data = await make();
        const before = await storedState();
        const response = await upload(endpoint.url, data, filename, "image/jpeg");
        if (response.statusCode !== 201) {
          expect([413, 415]).toContain(response.statusCode);
          expect(await storedState()).toEqual(before);
          return;
        }
        const served = await get(testApp, response.json().url);
        expect(served.statusCode).toBe(200);
        expect(IMAGE_TYPES).toContain(served.headers["content-type"]);
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        const text = served.rawPayload.toString("latin1");
        expect(SCRIPT_MARKERS.filter((marker) => text.includes(marker))).toEqual([]);
      });
    }
  }
});

describe("decompression bombs and oversize files", () => {
  const bombs: [string, () => Buffer | Promise<Buffer>, string][] = [
    ["a PNG of a few hundred bytes declaring 60000x60000", makeDeclaredHugePng, "bomb.png"],
    ["a JPEG declaring 65000x65000", makeDeclaredHugeJpeg, "bomb.jpg"],
  ];
  for (const endpoint of ENDPOINTS) {
    for (const [label, make, filename] of bombs) {
      it(`${endpoint.url}: refuses ${label} with a 4xx before decoding, and stores nothing`, async () => {
        const data = await make();
        expect(data.length).toBeLessThan(4096);
        const before = await storedState();
        const startedAt = performance.now();
        const response = await upload(endpoint.url, data, filename, "image/png");
        expect([413, 415]).toContain(response.statusCode);
        if (response.statusCode === 413)
          expect(response.json().error.message).toBe(IMAGE_MESSAGES.tooManyPixels);
        // Refused from the header: decoding gigapixels would take far longer (and far more memory).
        expect(performance.now() - startedAt).toBeLessThan(5_000);
        expect(await storedState()).toEqual(before);
      });
    }
  }

  it("/api/uploads/profile-photo: refuses a file over 10 MB with 413 and stores nothing", async () => {
    const header = await makeImage("jpeg");
    const oversize = Buffer.concat([header, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - header.length, 7)]);
    const before = await storedState();
    const response = await upload("/api/uploads/profile-photo", oversize, "me.jpg", "image/jpeg");
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(IMAGE_MESSAGES.tooLarge);
    expect(await storedState()).toEqual(before);
  });
});

describe("metadata and how files are served", () => {
  const EXIF = { IFD0: { Make: "CampusPhone", Model: "X1 Pro", Artist: "Priya Sharma" } };

  for (const endpoint of ENDPOINTS) {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      it(`${endpoint.url}: a ${format} with EXIF and XMP is stored with neither`, async () => {
        const source =
          format === "jpeg"
            ? await makePhoneJpeg()
            : await sharp(await makeImage(format, { width: 64, height: 48 }))
                .withExif(EXIF)
                .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>Priya</dc:creator></x:xmpmeta>')
                .toFormat(format)
                .toBuffer();
        const sourceMetadata = await sharp(source).metadata();
        expect(sourceMetadata.exif ?? sourceMetadata.xmp).toBeDefined();
        const response = await upload(endpoint.url, source, `photo.${format}`, `image/${format}`);
        expect(response.statusCode, response.body).toBe(201);
        const served = await get(testApp, response.json().url);
        const metadata = await sharp(served.rawPayload).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(served.rawPayload.includes("CampusPhone")).toBe(false);
        expect(served.rawPayload.includes("Priya")).toBe(false);
      });
    }
  }

  it("serves every variant of a file (original, resized, thumbnail in each format) as an image with nosniff", async () => {
    const response = await upload("/api/uploads/images", await makeImage("png"), "poster.png", "image/png");
    const url = response.json().url as string;
    const variants = [
      { query: "", accept: "*/*" },
      { query: "?variant=detail", accept: "text/html" },
      { query: "?variant=avatar", accept: "text/html" },
      { query: "?variant=thumb", accept: "image/webp,*/*" },
      { query: "?variant=thumb", accept: "image/avif" },
      { query: "?variant=thumb", accept: "text/html,application/xhtml+xml" },
    ];
    for (const variant of variants) {
      const served = await get(testApp, `${url}${variant.query}`, { headers: { accept: variant.accept } });
      const label = `${variant.query} (Accept: ${variant.accept})`;
      expect(served.statusCode, label).toBe(200);
      expect(IMAGE_TYPES, label).toContain(served.headers["content-type"]);
      expect(served.headers["x-content-type-options"], label).toBe("nosniff");
      expect(String(served.headers["content-security-policy"]), label).toContain("default-src 'self'");
    }
  });

  it("serves nothing outside the stored files, however the key is spelled", async () => {
    for (const key of ["..%2F..%2Fpackage.json", "%2e%2e%2fsecret", "..", "x.svg", "x.html"]) {
      const served = await get(testApp, `/api/files/images/${key}`);
      expect([400, 404], key).toContain(served.statusCode);
      expect(String(served.headers["content-type"]), key).toMatch(/^application\/json/);
    }
  });
});

import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const getColleges = (acceptEncoding?: string) =>
  testApp.app.inject({
    method: "GET",
    url: "/api/colleges",
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });

describe("API answers are compressed for clients that accept it", () => {
  it("the college directory goes as brotli to a browser, and reads back as the same JSON", async () => {
    const plain = await getColleges();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const compressed = await getColleges("gzip, deflate, br");
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    const body = zlib.brotliDecompressSync(compressed.rawPayload).toString("utf8");
    expect(JSON.parse(body)).toEqual(plain.json());
    // The directory is tens of kilobytes of JSON: it goes in well under half.
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it("gzip for a client without brotli", async () => {
    const response = await getColleges("gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString("utf8"))).toEqual(
      (await getColleges()).json(),
    );
  });

  it("a small answer goes as it is", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(1024);
  });
});

import type { Message, ThreadResponse } from "@shared/api/chats";
import { MAX_STORED_IMAGE_SIDE } from "@shared/images";
import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import sharp, { type OverlayOptions } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, uploads } from "../../server/db/schema";
import { checkForQrCode, tilesOf } from "../../server/modules/uploads/qr-code";
import { openItemChat, type Student, sendPhoto, uploadChatPhoto } from "../factories/chats";
import { makeImage } from "../factories/images";
import { createStudent } from "../factories/users";
import { get } from "../helpers/api";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The scam guard's QR reader against pictures made to slip past it: a real UPI QR among many decoy
 * finder patterns (the three squares of a QR code's corners, which make the reader give up on the
 * whole picture), and a reader that does not finish, whose photo must not count as clean.
 */

const UPI = "upi://pay?pa=fakebuyer@ybl&pn=Buyer&am=1500&cu=INR";

/** One finder pattern: a 7x7-module black square, a white ring, a 3x3 black centre. */
function finderPattern(module: number): Buffer {
  const side = 7 * module;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
      `<rect width="${side}" height="${side}" fill="black"/>` +
      `<rect x="${module}" y="${module}" width="${5 * module}" height="${5 * module}" fill="white"/>` +
      `<rect x="${2 * module}" y="${2 * module}" width="${3 * module}" height="${3 * module}" fill="black"/>` +
      "</svg>",
  );
}

interface DecoyPicture {
  width: number;
  height: number;
  /** Where the real code goes (its top-left corner), or none for decoys only. */
  code?: { left: number; top: number; size: number };
}

/**
 * A picture filled with decoys: finder patterns in a grid, grouped in threes as a QR code's corners
 * are, everywhere but around the real code.
 */
async function decoyPicture({ width, height, code }: DecoyPicture): Promise<Buffer> {
  const module = 8;
  const pattern = finderPattern(module);
  const side = 7 * module;
  const composites: OverlayOptions[] = [];
  const isNearCode = (left: number, top: number) =>
    code !== undefined &&
    left + side > code.left - 16 &&
    left < code.left + code.size + 16 &&
    top + side > code.top - 16 &&
    top < code.top + code.size + 16;
  for (let top = 8; top + side <= height; top += 2 * side) {
    for (let left = 8; left + side <= width; left += 2 * side) {
      if (!isNearCode(left, top)) composites.push({ input: pattern, left, top });
    }
  }
  if (code) {
    composites.push({
      input: await QRCode.toBuffer(UPI, { width: code.size, margin: 2 }),
      left: code.left,
      top: code.top,
    });
  }
  return sharp({ create: { width, height, channels: 3, background: "white" } })
    .composite(composites)
    .png()
    .toBuffer();
}

describe("a UPI QR among decoy finder patterns", () => {
  it("is found wherever it sits in a 1600 px picture: corners, middle, across tile seams", async () => {
    const width = 1600;
    const height = 1200;
    const size = 240;
    const places = [
      { left: 880, top: 540 },
      { left: 20, top: 20 },
      { left: width - size - 20, top: height - size - 20 },
      // Across the seams of the first tiles (at 400 and 800).
      { left: 700, top: 300 },
      { left: 1100, top: 700 },
    ];
    for (const place of places) {
      const picture = await decoyPicture({ width, height, code: { ...place, size } });
      expect(await checkForQrCode(picture), JSON.stringify(place)).toBe("flagged");
    }
  });

  it("is found in the largest picture the server keeps, and decoys alone stay clean there", async () => {
    const side = MAX_STORED_IMAGE_SIDE;
    const code = { left: 1500, top: 1900, size: 200 };
    expect(await checkForQrCode(await decoyPicture({ width: side, height: side, code }))).toBe("flagged");
    // 'clean', not 'unchecked': the whole and its tiles (at most 16, below) were read within the
    // reader's deadline. How long that takes is a figure for the bench, not a test's timer.
    expect(await checkForQrCode(await decoyPicture({ width: side, height: side }))).toBe("clean");
  });

  it("tiles overlap by half a tile, and never number more than 16", () => {
    for (const [width, height] of [
      [1600, 1200],
      [2560, 2560],
      [2560, 400],
      [801, 801],
    ] as const) {
      const tiles = tilesOf(width, height);
      expect(tiles.length, `${width}x${height}`).toBeLessThanOrEqual(16);
      expect(tiles.every((tile) => tile.left + tile.width <= width && tile.top + tile.height <= height)).toBe(
        true,
      );
      // The last tiles reach the far edges.
      expect(Math.max(...tiles.map((tile) => tile.left + tile.width))).toBe(width);
      expect(Math.max(...tiles.map((tile) => tile.top + tile.height))).toBe(height);
    }
    expect(tilesOf(800, 600)).toEqual([]);
    const lefts = [...new Set(tilesOf(1600, 1200).map((tile) => tile.left))];
    expect(lefts).toEqual([0, 400, 800]);
  });
});

describe("a photo the reader could not finish", () => {
  it("is unchecked, never clean: a reader that times out, and a picture it cannot take", async () => {
    // Reading these takes far longer than 50 ms (the whole picture, then its tiles).
    const hidden = await decoyPicture({
      width: 2000,
      height: 1500,
      code: { left: 1200, top: 900, size: 240 },
    });
    const decoys = await decoyPicture({ width: 2000, height: 1500 });
    expect(await checkForQrCode(hidden, { timeoutMs: 50 })).toBe("unchecked");
    expect(await checkForQrCode(decoys, { timeoutMs: 50 })).toBe("unchecked");
    expect(await checkForQrCode(Buffer.from("not a picture at all"))).toBe("unchecked");
    // The reader replaced after its timeout answers again.
    expect(await checkForQrCode(hidden)).toBe("flagged");
    expect(await checkForQrCode(decoys)).toBe("clean");
  });

  describe("in a chat", () => {
    let testApp: TestApp;
    let sender: Student;
    let recipient: Student;
    beforeAll(async () => {
      // A reader that always times out: no photo can be read in 1 ms.
      testApp = await createTestApp({ QR_READ_TIMEOUT_MS: "1" });
      [sender, recipient] = await Promise.all([
        createStudent(testApp, { name: "Vikram Singh" }),
        createStudent(testApp, { name: "Meera Iyer" }),
      ]);
    });
    afterAll(() => testApp?.close());

    async function qrCheckOf(photoId: string) {
      const [row] = await testApp.database.db
        .select({ qrCheck: uploads.qrCheck })
        .from(uploads)
        .where(and(eq(uploads.bucket, "chats"), eq(uploads.key, photoId)));
      return row?.qrCheck;
    }

    it("reaches the recipient blurred as unchecked, with no scam warning; the sender is told nothing", async () => {
      const chat = await openItemChat(testApp, sender, recipient, "Study table");
      // No picture is read in 1 ms: making its pixels alone takes longer.
      const pictures = [
        await makeImage("jpeg", { width: 1200, height: 900 }),
        await decoyPicture({ width: 1600, height: 1200, code: { left: 880, top: 540, size: 240 } }),
      ];
      for (const picture of pictures) {
        const photoId = await uploadChatPhoto(testApp, sender, picture);
        expect(await qrCheckOf(photoId)).toBe("unchecked");
        const sent = await sendPhoto(testApp, sender, chat.id, photoId);
        // The sender's own copy: nothing held back, nothing said.
        expect(sent).toMatchObject({ scamWarning: false, photoCheck: null });
        const [stored] = await testApp.database.db
          .select({ signals: messages.scamSignals })
          .from(messages)
          .where(eq(messages.id, sent.id));
        expect(stored?.signals).toEqual(["photo_unchecked"]);

        const view = async (student: Student): Promise<Message | undefined> => {
          const response = await get(testApp, `/api/chats/${chat.id}`, { cookie: student.cookie });
          expect(response.statusCode).toBe(200);
          return (response.json() as ThreadResponse).messages.find((message) => message.id === sent.id);
        };
        expect(await view(recipient)).toMatchObject({ scamWarning: false, photoCheck: "unchecked" });
        expect(await view(sender)).toMatchObject({ scamWarning: false, photoCheck: null });
      }
    });
  });
});

// Image compression before upload (docs/product.md "Accounts → Uploads") as a table of files.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n, loadMoreStrings } from "../src/lib/i18n";
import {
  compressImage,
  compressionQuality,
  ImageCompressError,
  outputName,
  planCompression,
} from "../src/lib/image-compress";

beforeAll(async () => {
  await initI18n("en-us");
  // Its screens show after the rest of the language's strings (app/router.tsx).
  await loadMoreStrings("en-us");
});

const KB = 1024;
const MB = 1024 * KB;

describe("what happens to an image before upload", () => {
  it.each([
    // size, type, width → quality, output type, width
    [199 * KB, "image/jpeg", 4000, "unchanged"],
    [200 * KB - 1, "image/png", 4000, "unchanged"],
    [200 * KB, "image/jpeg", 4000, [0.9, "image/jpeg", 1080]],
    [512 * KB, "image/jpeg", 3000, [0.9, "image/jpeg", 1080]],
    [512 * KB + 1, "image/jpeg", 3000, [0.8, "image/jpeg", 1080]],
    [1 * MB, "image/webp", 3000, [0.8, "image/webp", 1080]],
    [1 * MB + 1, "image/jpeg", 3000, [0.85, "image/jpeg", 1080]],
    [2 * MB, "image/jpeg", 3000, [0.85, "image/jpeg", 1080]],
    [2 * MB + 1, "image/jpeg", 3000, [0.8, "image/jpeg", 1080]],
    [10 * MB, "image/jpeg", 6000, [0.8, "image/jpeg", 1080]],
    [10 * MB + 1, "image/jpeg", 6000, [0.75, "image/jpeg", 1080]],
    [20 * MB, "image/jpeg", 8000, [0.75, "image/jpeg", 1080]],
    [25 * MB, "image/jpeg", 8000, [0.75, "image/jpeg", 1080]],
    // Smaller images keep their width (no upscaling).
    [300 * KB, "image/jpeg", 800, [0.9, "image/jpeg", 800]],
    [300 * KB, "image/jpeg", 1080, [0.9, "image/jpeg", 1080]],
    // PNG keeps its type up to about 2,048,000 bytes, then becomes JPEG on white.
    [600 * KB, "image/png", 2000, [0.8, "image/png", 1080]],
    [2_048_000, "image/png", 2000, [0.85, "image/png", 1080]],
    [2_048_001, "image/png", 2000, [0.85, "image/jpeg", 1080]],
    [12 * MB, "image/png", 5000, [0.75, "image/jpeg", 1080]],
    // A JPEG above 2,048,000 bytes stays JPEG; WebP stays WebP.
    [3 * MB, "image/webp", 4000, [0.8, "image/webp", 1080]],
    // Types a canvas cannot write come out as JPEG.
    [400 * KB, "image/bmp", 1500, [0.9, "image/jpeg", 1080]],
    [400 * KB, "image/jpg", 1500, [0.9, "image/jpeg", 1080]],
  ] as const)("%i bytes of %s, %i px wide → %j", (size, type, width, expected) => {
    const plan = planCompression({ size, type, width });
    if (expected === "unchanged") expect(plan).toBe("unchanged");
    else expect(plan).toEqual({ quality: expected[0], outputType: expected[1], width: expected[2] });
  });

  it("quality bands are inclusive at their upper bound", () => {
    expect([512 * KB, 1 * MB, 2 * MB, 10 * MB, 20 * MB].map(compressionQuality)).toEqual([0.9, 0.8, 0.85, 0.8, 0.75]);
  });
});

describe("file names after a type change", () => {
  it.each([
    ["scan.png", "image/jpeg", "scan.jpg"],
    ["photo.jpeg", "image/jpeg", "photo.jpeg"],
    ["photo.JPG", "image/jpeg", "photo.JPG"],
    ["id.front.png", "image/png", "id.front.png"],
    ["noext", "image/jpeg", "noext.jpg"],
    ["image.bmp", "image/jpeg", "image.jpg"],
  ])("%s as %s → %s", (name, type, expected) => {
    expect(outputName(name, type)).toBe(expected);
  });
});

describe("compressImage", () => {
  it("refuses a file that is not an image, with the translated message", async () => {
    const file = new File(["%PDF-1.7"], "doc.pdf", { type: "application/pdf" });
    const err = await compressImage(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageCompressError);
    expect((err as ImageCompressError).reason).toBe("notImage");
    expect((err as Error).message).toBe("Please choose an image file");
  });

  it("returns a small image as it is, without reading it", async () => {
    const file = new File([new Uint8Array(10 * KB)], "small.jpg", { type: "image/jpeg" });
    expect(await compressImage(file)).toBe(file);
  });

  it("says so when the file cannot be read", async () => {
    const original = globalThis.FileReader;
    class FailingReader {
      onerror: (() => void) | null = null;
      readAsDataURL() {
        setTimeout(() => this.onerror?.(), 0);
      }
    }
    vi.stubGlobal("FileReader", FailingReader);
    try {
      const file = new File([new Uint8Array(300 * KB)], "big.jpg", { type: "image/jpeg" });
      const err = await compressImage(file).catch((e: unknown) => e);
      expect((err as ImageCompressError).reason).toBe("readFailed");
      expect((err as Error).message).toBe("Failed to read the file");
    } finally {
      vi.stubGlobal("FileReader", original);
    }
  });

  it("says so when the bytes are not a picture the browser can load", async () => {
    const OriginalImage = globalThis.Image;
    class BrokenImage {
      onerror: (() => void) | null = null;
      onload: (() => void) | null = null;
      naturalWidth = 0;
      set src(_v: string) {
        setTimeout(() => this.onerror?.(), 0);
      }
    }
    vi.stubGlobal("Image", BrokenImage);
    try {
      const file = new File([new Uint8Array(300 * KB)], "broken.png", { type: "image/png" });
      const err = await compressImage(file).catch((e: unknown) => e);
      expect((err as ImageCompressError).reason).toBe("loadFailed");
      expect((err as Error).message).toBe("The image could not be loaded");
    } finally {
      vi.stubGlobal("Image", OriginalImage);
    }
  });
});

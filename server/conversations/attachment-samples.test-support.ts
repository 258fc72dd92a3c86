import sharp from "sharp";
import { zip } from "../accounts/zip";

/** Files as people send them, made in memory: each kind the product takes and a few it refuses. */
const WHEN = new Date("2026-01-01T00:00:00Z");

export const samplePdf = () =>
  Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

export const sampleDocx = () =>
  zip(
    [
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "word/document.xml", data: Buffer.from("<w:document/>") },
    ],
    WHEN,
  );

/** An XLSX is a ZIP too, but no Word document. */
export const sampleXlsx = () =>
  zip(
    [
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
    ],
    WHEN,
  );

export const sampleExe = () => Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 1)]);

export const samplePng = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: "#1e5f59" } })
    .png()
    .toBuffer();

/** A JPEG with EXIF metadata (a camera's), which the stored copy must not keep. */
export const sampleJpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0ffee" } })
    .withMetadata({ exif: { IFD0: { Make: "SpyCam", Model: "X1" } } })
    .jpeg()
    .toBuffer();

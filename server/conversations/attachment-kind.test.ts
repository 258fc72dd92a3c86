import { describe, expect, it } from "vitest";
import { sniffAttachmentKind } from "../../core/attachments";
import {
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
  sampleXlsx,
} from "./attachment-samples.test-support";

/** core/attachments.ts's sniffing, over files made as people's programs make them. */
describe("a file's kind, from its bytes", () => {
  it("knows a PDF, a PNG, a JPEG and a DOCX by their contents", async () => {
    expect(sniffAttachmentKind(samplePdf())).toBe("pdf");
    expect(sniffAttachmentKind(await samplePng())).toBe("png");
    expect(sniffAttachmentKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpeg");
    expect(sniffAttachmentKind(sampleDocx())).toBe("docx");
  });

  it("refuses a program, another ZIP, a truncated ZIP and an empty file", () => {
    expect(sniffAttachmentKind(sampleExe())).toBeNull();
    expect(sniffAttachmentKind(sampleXlsx())).toBeNull();
    expect(sniffAttachmentKind(sampleDocx().subarray(0, 60))).toBeNull();
    expect(sniffAttachmentKind(new Uint8Array())).toBeNull();
    expect(sniffAttachmentKind(Buffer.from("just text, named cv.pdf"))).toBeNull();
  });
});

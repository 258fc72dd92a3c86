import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_MAX_BYTES,
  attachmentDisposition,
  attachmentKey,
  checkPickedFile,
  formatFileSize,
  isOwnAttachment,
  safeFileName,
} from "./attachments";
import { ATTACHMENT_MESSAGES as M } from "./messages/message-safety";

const ME = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const FILE = "33333333-3333-4333-8333-333333333333";

describe("a file's name", () => {
  it("keeps what a person would recognise, with the extension of its real kind", () => {
    expect(safeFileName("Résumé 2026.pdf", "pdf")).toBe("Résumé 2026.pdf");
    expect(safeFileName("offer.exe", "pdf")).toBe("offer.pdf");
    expect(safeFileName("photo.jpeg", "jpeg")).toBe("photo.jpg");
    expect(safeFileName("notes", "docx")).toBe("notes.docx");
  });

  it("drops paths, quotes, control characters and leading dots, and bounds the length", () => {
    expect(safeFileName("C:\\Users\\me\\cv.pdf", "pdf")).toBe("cv.pdf");
    expect(safeFileName('../../etc/"pass\r\nwd".pdf', "pdf")).toBe("passwd.pdf");
    expect(safeFileName(".hidden.pdf", "pdf")).toBe("hidden.pdf");
    expect(safeFileName("\u202Efdp.exe", "pdf")).toBe("fdp.pdf");
    expect(safeFileName("", "png")).toBe("file.png");
    expect([...safeFileName(`${"ए".repeat(300)}.pdf`, "pdf")]).toHaveLength(120);
  });

  it("goes into Content-Disposition as an ASCII fallback and the UTF-8 name", () => {
    expect(attachmentDisposition("Résumé 2026.pdf")).toBe(
      `attachment; filename="R_sum_ 2026.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.pdf`,
    );
  });
});

describe("a stored file handed back by the composer", () => {
  const stored = {
    fileKey: attachmentKey(ME, FILE, "pdf"),
    fileName: "cv.pdf",
    contentType: "application/pdf",
    byteSize: 1234,
  };

  it("is the sender's only under their own id, with its kind, size and name as stored", () => {
    expect(isOwnAttachment(ME, stored)).toBe(true);
    expect(isOwnAttachment(OTHER, stored)).toBe(false);
    expect(isOwnAttachment(ME, { ...stored, contentType: "text/html" })).toBe(false);
    expect(isOwnAttachment(ME, { ...stored, byteSize: ATTACHMENT_MAX_BYTES + 1 })).toBe(false);
    expect(isOwnAttachment(ME, { ...stored, fileName: "cv.html" })).toBe(false);
    expect(isOwnAttachment(ME, { ...stored, fileKey: `messages/${ME}/../x.pdf` })).toBe(false);
  });
});

describe("the picker's word before sending", () => {
  it("refuses a file over 10 MB and a kind it does not take, in the product's words", () => {
    expect(checkPickedFile({ name: "big.pdf", size: ATTACHMENT_MAX_BYTES + 1, type: "" })).toBe(
      M.tooLarge,
    );
    expect(checkPickedFile({ name: "run.exe", size: 10, type: "application/x-msdownload" })).toBe(
      M.wrongType,
    );
    expect(checkPickedFile({ name: "cv.PDF", size: 10, type: "" })).toBeNull();
    expect(M.tooLarge).toBe("File size must be less than 10MB");
    expect(M.wrongType).toBe("Please select a PDF, PNG, JPEG or DOCX file");
  });

  it("shows sizes as people read them", () => {
    expect(formatFileSize(800)).toBe("800 bytes");
    expect(formatFileSize(312 * 1024)).toBe("312 KB");
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe("2.4 MB");
    expect(formatFileSize(ATTACHMENT_MAX_BYTES)).toBe("10 MB");
  });
});

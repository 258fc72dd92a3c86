import { randomBytes } from "node:crypto";
import { processHeadshot } from "../storage/headshot-image.server";
import { type FileStorage, removeStoredFile } from "../storage/storage.server";
import type { HeadshotStore } from "./add-advisor.server";

/**
 * The add-advisor form's photo: checked and re-encoded like every headshot, stored under a
 * new server-made key (the advisor does not exist yet, so the key cannot name them).
 */
export function newAdvisorHeadshots(
  storage: FileStorage,
  log: (error: unknown, key: string) => void,
): HeadshotStore {
  return {
    async save(bytes) {
      const image = await processHeadshot(bytes);
      if (!image.ok) return image;
      const key = `headshots/new-${Date.now()}-${randomBytes(6).toString("hex")}.webp`;
      return { ok: true, url: await storage.put(key, image.webp, "image/webp") };
    },
    remove: (url) => removeStoredFile(storage, url, log),
  };
}

import { storePhoto } from "../storage/photo-store.server";
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
    save: (bytes) => storePhoto(storage, "headshots/new", bytes),
    remove: (url) => removeStoredFile(storage, url, log),
  };
}

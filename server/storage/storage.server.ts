import type { Config } from "../config.server";
import { createLocalStorage } from "./local-storage.server";
import type { FileStorage } from "./file-storage";
import { createS3Storage } from "./s3-storage.server";

export type { FileStorage } from "./file-storage";

export function createStorage(config: Pick<Config, "storage">): FileStorage {
  const { s3, dir } = config.storage;
  return s3 ? createS3Storage(s3) : createLocalStorage(dir);
}

/** Removes a file we stored earlier; other URLs (and failures) are left alone but logged. */
export async function removeStoredFile(
  storage: FileStorage,
  url: string | null | undefined,
  log: (error: unknown, key: string) => void,
): Promise<void> {
  const key = url ? storage.keyOf(url) : null;
  if (!key) return;
  try {
    await storage.remove(key);
  } catch (error) {
    log(error, key);
  }
}

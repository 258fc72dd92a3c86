import type { Config } from "../config.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";

/**
 * Where uploaded files live: an S3-compatible bucket when S3_BUCKET is set, else the local
 * disk (DATA_DIR/uploads, served at /uploads). Both take server-made keys only.
 */
export type FileStorage = {
  /** Stores the file and returns the URL browsers load it from. */
  put(key: string, body: Buffer, contentType?: string): Promise<string>;
  /** The key of a URL this storage handed out, or null for anything else (seed art, …). */
  keyOf(url: string): string | null;
  remove(key: string): Promise<void>;
};

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

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

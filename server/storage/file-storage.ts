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
  /**
   * Files never served to browsers (a person's data export, ADR 91): only the app reads them
   * back, for whoever may have them. Locally beside the public directory, on S3 under
   * `private/` (which the bucket's public read policy must leave out, docs/deploy.md).
   */
  putPrivate(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** A private file's bytes, or null when it is not there (deleted, expired). */
  readPrivate(key: string): Promise<Buffer | null>;
  removePrivate(key: string): Promise<void>;
};

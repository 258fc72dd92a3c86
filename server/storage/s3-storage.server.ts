import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { FileStorage } from "./file-storage";

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset means AWS. Addressed path-style. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch the objects (a CDN or public bucket URL); defaults to the bucket. */
  publicUrl?: string;
};

/** Private objects' keys start here; the bucket's public read must not cover them (ADR 91). */
const PRIVATE_PREFIX = "private/";

/** Files in an S3-compatible bucket. Objects must be publicly readable through `publicUrl`. */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined, // the SDK's default chain (instance role, environment)
  });
  const base = (
    settings.publicUrl ??
    (settings.endpoint
      ? `${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`)
  ).replace(/\/$/, "");
  /** The SDK's errors say only S3's reason ("The specified bucket does not exist"). */
  const send = async (
    what: string,
    key: string,
    command: PutObjectCommand | DeleteObjectCommand,
  ) => {
    try {
      await client.send(command);
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`S3 ${what} of ${key} in bucket "${settings.bucket}" failed: ${reason}`, {
        cause: error,
      });
    }
  };
  return {
    async put(key, body, contentType = "application/octet-stream") {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=86400",
      });
      await send("put", key, command);
      return `${base}/${key}`;
    },
    keyOf(url) {
      return url.startsWith(`${base}/`) ? url.slice(base.length + 1) : null;
    },
    async remove(key) {
      await send("delete", key, new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    async putPrivate(key, body, contentType = "application/octet-stream") {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: `${PRIVATE_PREFIX}${key}`,
        Body: body,
        ContentType: contentType,
        CacheControl: "private, no-store",
      });
      await send("put", `${PRIVATE_PREFIX}${key}`, command);
    },
    async readPrivate(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: `${PRIVATE_PREFIX}${key}` }),
        );
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw new Error(`S3 get of ${PRIVATE_PREFIX}${key} failed`, { cause: error });
      }
    },
    async removePrivate(key) {
      const full = `${PRIVATE_PREFIX}${key}`;
      await send("delete", full, new DeleteObjectCommand({ Bucket: settings.bucket, Key: full }));
    },
  };
}

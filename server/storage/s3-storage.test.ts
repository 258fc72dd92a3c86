import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import { deleteDraft, saveDraft } from "../advisors/application.server";
import { replaceHeadshot } from "../advisors/headshot.server";
import { createPerson, jpegWithExif } from "../advisors/fixtures.test-support";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { newAdvisorHeadshots } from "../advisors/headshot-store.server";
import { createStorage, type FileStorage } from "./storage.server";

/*
 * The S3 path of file storage against a local S3-compatible server (s3rver: it checks the
 * access key, not a SigV4 signature), configured the way a deployment is: through the S3_*
 * variables and the storage the app builds from them. Objects are read back over plain HTTP
 * at the URL the storage hands out, as a browser would.
 */
const BUCKET = "beenthere-uploads";
// s3rver's own fixed credentials: another access key is refused.
const KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

let server: S3rver;
let endpoint: string;
let directory: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

/** A fresh log of failed removals for each test. */
function removalLog() {
  const logged: { error: unknown; key: string }[] = [];
  return { logged, log: (error: unknown, key: string) => void logged.push({ error, key }) };
}

function storageFor(env: Record<string, string>): FileStorage {
  const config = buildConfig({ DATA_DIR: directory, S3_ENDPOINT: endpoint, ...KEYS, ...env });
  return createStorage(config);
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "bt-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(directory, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  database = await createTestDatabase();
});

afterAll(async () => {
  await server?.close();
  await database?.destroy();
  rmSync(directory, { recursive: true, force: true });
});

describe("S3 storage", () => {
  it("stores an advisor's headshot where browsers fetch it, as a WebP kept for a day", async () => {
    const storage = storageFor({ S3_BUCKET: BUCKET });
    const { log } = removalLog();
    const userId = await createPerson(database.db);
    const result = await replaceHeadshot(
      { db: database.db, storage, log },
      { own: true, userId },
      await jpegWithExif(800, 600),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toMatch(
      new RegExp(`^${endpoint}/${BUCKET}/headshots/${userId}-\\d+-[0-9a-f]{12}\\.webp$`),
    );
    const res = await fetch(result.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(storage.keyOf(result.url)).toBe(result.url.slice(`${endpoint}/${BUCKET}/`.length));
  });

  it("deletes the object a new headshot replaces, and a draft's when the draft is deleted", async () => {
    const storage = storageFor({ S3_BUCKET: BUCKET });
    const { log, logged } = removalLog();
    const userId = await createPerson(database.db);
    await saveDraft(database.db, userId, { currentStep: 1, completedSteps: [], values: {} });
    const upload = async () => {
      const result = await replaceHeadshot(
        { db: database.db, storage, log },
        { own: true, userId },
        await jpegWithExif(),
      );
      if (!result.ok) throw new Error(result.message);
      return result.url;
    };
    const first = await upload();
    const second = await upload();
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    const [row] = await database.db
      .select({ headshotUrl: advisors.headshotUrl })
      .from(advisors)
      .where(eq(advisors.userId, userId));
    expect(row?.headshotUrl).toBe(second);

    await deleteDraft(database.db, storage, userId, log);
    expect((await fetch(second)).status).toBe(404);
    expect(logged).toEqual([]);
  });

  it("serves the add-advisor form's photo from a public URL of its own, and removes it", async () => {
    const cdn = "https://cdn.beenthere.example/uploads";
    const storage = storageFor({ S3_BUCKET: BUCKET, S3_PUBLIC_URL: `${cdn}/` });
    const { log, logged } = removalLog();
    const store = newAdvisorHeadshots(storage, log);
    const saved = await store.save(await jpegWithExif());
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.url).toMatch(new RegExp(`^${cdn}/headshots/new-\\d+-[0-9a-f]{12}\\.webp$`));
    const key = storage.keyOf(saved.url)!;
    const inBucket = `${endpoint}/${BUCKET}/${key}`;
    expect((await fetch(inBucket)).status).toBe(200);
    // Anything the storage did not hand out (seed art, another bucket) is never deleted.
    expect(storage.keyOf(`${endpoint}/${BUCKET}/${key}`)).toBeNull();
    expect(storage.keyOf("/uploads/headshots/x.webp")).toBeNull();
    await store.remove(saved.url);
    expect((await fetch(inBucket)).status).toBe(404);
    expect(logged).toEqual([]);
  });

  it("fails an upload to a missing bucket with an error naming the bucket and S3's reason", async () => {
    const storage = storageFor({ S3_BUCKET: "no-such-bucket" });
    await expect(storage.put("headshots/a.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      'S3 put of headshots/a.webp in bucket "no-such-bucket" failed: NoSuchBucket: The specified bucket does not exist',
    );
  });

  it("fails with an unknown access key, and an upload that fails leaves the advisor as they were", async () => {
    const storage = storageFor({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "NOT-A-KEY" });
    const { log } = removalLog();
    const userId = await createPerson(database.db);
    await expect(
      replaceHeadshot(
        { db: database.db, storage, log },
        { own: true, userId },
        await jpegWithExif(),
      ),
    ).rejects.toThrow(
      /^S3 put of headshots\/.+ in bucket "beenthere-uploads" failed: InvalidAccessKeyId: /,
    );
    const rows = await database.db.select().from(advisors).where(eq(advisors.userId, userId));
    expect(rows).toEqual([]);
  });

  it("logs a removal that fails and leaves the new headshot in place", async () => {
    const storage = storageFor({ S3_BUCKET: BUCKET });
    const { log, logged } = removalLog();
    const userId = await createPerson(database.db);
    const first = await replaceHeadshot(
      { db: database.db, storage, log },
      { own: true, userId },
      await jpegWithExif(),
    );
    if (!first.ok) throw new Error(first.message);
    const broken = storageFor({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "NOT-A-KEY" });
    const failingRemoval: FileStorage = { ...storage, remove: broken.remove };
    const second = await replaceHeadshot(
      { db: database.db, storage: failingRemoval, log },
      { own: true, userId },
      await jpegWithExif(),
    );
    if (!second.ok) throw new Error(second.message);
    expect(logged.map((entry) => entry.key)).toEqual([storage.keyOf(first.url)]);
    expect(String(logged[0]!.error)).toMatch(/S3 delete of .+ failed: InvalidAccessKeyId/);
    expect((await fetch(first.url)).status).toBe(200); // left behind, and logged
    expect((await fetch(second.url)).status).toBe(200);
  });
});

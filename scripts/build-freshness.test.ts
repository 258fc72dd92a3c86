import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modifiedAt, needsBuild, newestChange } from "./build-freshness.mjs";

describe("whether npm start builds", () => {
  it("builds when there is no build", () => {
    expect(needsBuild(undefined, 1_000)).toBe(true);
    expect(needsBuild(undefined, undefined)).toBe(true);
  });

  it("builds when a source changed after the build, or in the same instant", () => {
    expect(needsBuild(1_000, 2_000)).toBe(true);
    expect(needsBuild(1_000, 1_000)).toBe(true);
  });

  it("serves the build when every source is older, or there are no sources", () => {
    expect(needsBuild(2_000, 1_000)).toBe(false);
    expect(needsBuild(2_000, undefined)).toBe(false);
  });
});

describe("the newest change among the sources", () => {
  const root = mkdtempSync(path.join(tmpdir(), "build-freshness-"));
  const file = (name: string, seconds: number) => {
    const full = path.join(root, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, "x");
    utimesSync(full, seconds, seconds);
  };
  file("app/routes/home.tsx", 100);
  file("app/deep/er/widget.ts", 300);
  file("server/http/app.test.ts", 900);
  file("package-lock.json", 200);
  file("notes/ignored.md", 1_000);

  it("walks folders, counts files, skips tests and what is not listed", () => {
    expect(newestChange(root, ["app", "server", "package-lock.json"])).toBe(300_000);
  });

  it("ignores sources that do not exist", () => {
    expect(newestChange(root, ["core", "package-lock.json"])).toBe(200_000);
    expect(newestChange(root, ["core"])).toBeUndefined();
  });

  it("reads a file's time, or nothing for a missing file", () => {
    expect(modifiedAt(path.join(root, "package-lock.json"))).toBe(200_000);
    expect(modifiedAt(path.join(root, "build/server/index.js"))).toBeUndefined();
  });
});

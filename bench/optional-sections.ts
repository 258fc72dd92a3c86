import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { say } from "./stats";

/**
 * Hooks for measurements written elsewhere: when bench/page-weight.ts exports
 * `measurePageWeight(baseUrl, paths)` and/or bench/lighthouse.ts exports
 * `runLighthouse(baseUrl, paths)`, the run calls them against the started app and writes what
 * they return (markdown, or an object with a `markdown` field; anything else as JSON) under
 * "Landing page weight and Lighthouse". Without those files the section is left out.
 */
type Hook = (baseUrl: string, paths: string[]) => Promise<unknown>;
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PAGE_PATHS = ["/", "/advisors?search=dubai"];

async function optionalHook(file: string, name: string): Promise<Hook | null> {
  const full = path.join(HERE, file);
  if (!existsSync(full)) return null;
  const module = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
  const hook = module[name];
  return typeof hook === "function" ? (hook as Hook) : null;
}

function asMarkdown(result: unknown): string {
  if (typeof result === "string") return result;
  if (result && typeof result === "object" && "markdown" in result)
    return String((result as { markdown: unknown }).markdown);
  return `\`\`\`json\n${JSON.stringify(result, null, 2)}\n\`\`\``;
}

export function hasPageSections(): boolean {
  return ["page-weight.ts", "lighthouse.ts"].some((f) => existsSync(path.join(HERE, f)));
}

/** The section's markdown, or null when neither module exists. */
export async function pageSections(baseUrl: string): Promise<string | null> {
  const hooks = [
    ["page-weight.ts", "measurePageWeight", "Page weight"],
    ["lighthouse.ts", "runLighthouse", "Lighthouse"],
  ] as const;
  const parts: string[] = [];
  for (const [file, name, title] of hooks) {
    const hook = await optionalHook(file, name);
    if (!hook) continue;
    say(`${title.toLowerCase()} (bench/${file})...`);
    try {
      parts.push(`### ${title}\n\n${asMarkdown(await hook(baseUrl, PAGE_PATHS))}`);
    } catch (error) {
      parts.push(`### ${title}\n\nFailed: ${(error as Error).message}`);
    }
  }
  return parts.length ? `## Landing page weight and Lighthouse\n\n${parts.join("\n\n")}\n` : null;
}

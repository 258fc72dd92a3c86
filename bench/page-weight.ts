import { gzipSync } from "node:zlib";

/**
 * What a page makes the browser download up front: the scripts its server-rendered HTML loads
 * (`<script src>`, `<link rel="modulepreload">`, the `import`s of inline module scripts, which
 * is how React Router loads its client entry, and everything those scripts import statically)
 * and its stylesheets (`<link rel="stylesheet">`, and `<style>` text in the page, which the
 * HTML figure includes too). Each file is fetched once and gzipped here at level 9, so the
 * figures do not depend on whether or how the server compresses; a file shared by several pages
 * counts on each of them. Scripts that the page only imports on demand (lazy routes, dialogs
 * opened later) are not counted.
 */
export type AssetWeight = { url: string; bytes: number; gzip: number };

export type PageWeight = {
  path: string;
  /** Gzipped (level 9) bytes of every script the HTML loads. */
  jsGzip: number;
  /** Gzipped (level 9) bytes of every stylesheet the HTML loads. */
  cssGzip: number;
  /** Gzipped (level 9) bytes of the HTML itself. */
  htmlGzip: number;
  scripts: AssetWeight[];
  styles: AssetWeight[];
};

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The script and stylesheet URLs that a page's HTML loads, resolved against its URL. */
export function pageAssets(
  html: string,
  pageUrl: string,
): { scripts: string[]; styles: string[]; inlineStyles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const add = (set: Set<string>, href: string | undefined) => {
    if (href) set.add(new URL(href, pageUrl).href);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    if (rel.includes("modulepreload")) add(scripts, attr(tag, "href"));
    else if (rel.includes("stylesheet")) add(styles, attr(tag, "href"));
  }
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(open!, "src");
    if (src) add(scripts, src);
    else if (attr(open!, "type") === "module") {
      // What an inline module script imports, statically or (React Router's entry) at once.
      for (const spec of staticImports(body!)) add(scripts, spec);
      for (const [, spec] of body!.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g))
        add(scripts, spec);
    }
  }
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
  return { scripts: [...scripts], styles: [...styles], inlineStyles };
}

/**
 * `import "..."`, `import x from "..."` and `export {x} from "..."` paths of a module (not
 * `import("...")`); bare names, which a browser cannot load, are text such as an error
 * message, not imports.
 */
function staticImports(code: string): string[] {
  const pattern =
    /\b(?:import\s*(?:[^"'();]*?\bfrom\s*)?|export\s*[^"'();]*?\bfrom\s*)["']([^"']+)["']/g;
  return [...code.matchAll(pattern)]
    .map((m) => m[1]!)
    .filter((spec) => /^(\.{0,2}\/|https?:)/.test(spec));
}

type Fetched = AssetWeight & { imports: string[] };

async function weigh(url: string, cache: Map<string, Promise<Fetched>>) {
  let weight = cache.get(url);
  if (!weight) {
    weight = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      const imports = url.endsWith(".js")
        ? staticImports(body.toString()).map((spec) => new URL(spec, url).href)
        : [];
      return { url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length, imports };
    });
    cache.set(url, weight);
  }
  return weight;
}

/** The scripts and everything they import statically, each once. */
async function moduleGraph(urls: string[], cache: Map<string, Promise<Fetched>>) {
  const seen = new Map<string, AssetWeight>();
  let next = urls;
  while (next.length > 0) {
    const fetched = await Promise.all(next.filter((u) => !seen.has(u)).map((u) => weigh(u, cache)));
    for (const { imports: _, ...weight } of fetched) seen.set(weight.url, weight);
    next = [...new Set(fetched.flatMap((f) => f.imports))].filter((u) => !seen.has(u));
  }
  return [...seen.values()];
}

/** Fetches each page and weighs what its HTML loads (gzip level 9, see above). */
export async function measurePageWeight(baseUrl: string, paths: string[]): Promise<PageWeight[]> {
  const cache = new Map<string, Promise<Fetched>>();
  const pages: PageWeight[] = [];
  for (const path of paths) {
    const url = new URL(path, baseUrl).href;
    const response = await fetch(url, { headers: { accept: "text/html" } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const html = await response.text();
    const assets = pageAssets(html, url);
    const scripts = await moduleGraph(assets.scripts, cache);
    const styles: AssetWeight[] = await Promise.all(assets.styles.map((u) => weigh(u, cache)));
    for (const text of assets.inlineStyles) {
      const bytes = Buffer.byteLength(text);
      styles.push({ url: `<style> in ${path}`, bytes, gzip: gzipSync(text, { level: 9 }).length });
    }
    const sum = (list: AssetWeight[]) => list.reduce((total, a) => total + a.gzip, 0);
    pages.push({
      path,
      jsGzip: sum(scripts),
      cssGzip: sum(styles),
      htmlGzip: gzipSync(html, { level: 9 }).length,
      scripts,
      styles,
    });
  }
  return pages;
}

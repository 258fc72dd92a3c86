import { gzipSync } from "node:zlib";

/**
 * What a page makes the browser download up front: the scripts its server-rendered HTML loads
 * (`<script src>`, `<link rel="modulepreload">` and the static `import`s of inline module
 * scripts, which is how React Router loads its client entry) and its stylesheets
 * (`<link rel="stylesheet">`). Each file is fetched once and gzipped here at level 9, so the
 * figures do not depend on whether or how the server compresses; a file shared by several pages
 * counts on each of them. Scripts that the page only imports later (lazy routes, dialogs opened
 * on demand) are not counted: they are not in the HTML.
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
export function pageAssets(html: string, pageUrl: string): { scripts: string[]; styles: string[] } {
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
      // `import "..."` and `import x from "..."` in an inline module script.
      for (const [, spec] of body!.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+)["']/g))
        add(scripts, spec);
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}

async function weigh(url: string, cache: Map<string, Promise<AssetWeight>>) {
  let weight = cache.get(url);
  if (!weight) {
    weight = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
    cache.set(url, weight);
  }
  return weight;
}

/** Fetches each page and weighs what its HTML loads (gzip level 9, see above). */
export async function measurePageWeight(baseUrl: string, paths: string[]): Promise<PageWeight[]> {
  const cache = new Map<string, Promise<AssetWeight>>();
  const pages: PageWeight[] = [];
  for (const path of paths) {
    const url = new URL(path, baseUrl).href;
    const response = await fetch(url, { headers: { accept: "text/html" } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const html = await response.text();
    const assets = pageAssets(html, url);
    const scripts = await Promise.all(assets.scripts.map((u) => weigh(u, cache)));
    const styles = await Promise.all(assets.styles.map((u) => weigh(u, cache)));
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

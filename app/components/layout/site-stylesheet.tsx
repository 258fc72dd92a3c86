import { createContext, useContext, useState } from "react";

/**
 * Gives the server the text of a built stylesheet, by its URL, to put in the page itself.
 * Only the production server provides it (app/entry.server.tsx); see
 * docs/decisions/0061-inline-stylesheet.md.
 */
export const StylesheetText = createContext<((href: string) => string | undefined) | null>(null);

/**
 * The site's stylesheet: inline in a server-rendered page, so the first paint waits for the
 * HTML only; a `<link>` where the server has no text for it (the development server). The
 * browser keeps the inline copy through client-side navigation, and hydration reads it back
 * from the page, so both renders agree.
 */
export function SiteStylesheet({ href }: { href: string }) {
  const serverText = useContext(StylesheetText);
  // Read once per mount: the text is large, and a re-render must not scan it again.
  const [text] = useState(() => {
    if (typeof document !== "undefined")
      return document.querySelector(`style[data-href="${CSS.escape(href)}"]`)?.textContent;
    const built = serverText?.(href);
    // Text that would end the element early is linked instead.
    return built && !/<\/style/i.test(built) ? built : undefined;
  });
  if (!text) return <link rel="stylesheet" href={href} />;
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: text }} />;
}

import { linkify } from "../../../core/message-text";

/**
 * A message's plain text: web addresses as links, everything else as text nodes, never HTML.
 * Links open in a new tab without handing it this page (noopener) or the address (noreferrer).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap">
      {linkify(text).map((run, i) =>
        run.kind === "link" ? (
          <a
            key={i}
            href={run.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline underline-offset-2"
          >
            {run.text}
          </a>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </p>
  );
}

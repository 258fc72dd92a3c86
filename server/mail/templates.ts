/** A plain, branded e-mail: one heading, a few paragraphs, at most one button. */
export type EmailContent = {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
};

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escape(p)}</p>`)
    .join("");
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escape(content.action.url)}" style="background:#1e5f59;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escape(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this link into your browser: ${escape(content.action.url)}</p>`
    : "";
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#475569">${escape(content.footnote)}</p>`
    : "";
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<p style="font-size:20px;font-weight:700;margin:0 0 24px">Been<span style="color:#1e5f59">There</span></p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:28px;overflow-wrap:anywhere;word-break:break-word">
<h1 style="font-size:20px;margin:0 0 16px">${escape(content.heading)}</h1>${paragraphs}${button}${footnote}
</div>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">BeenThere · talk to an expert who has been in your shoes before</p>
</div></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    "— BeenThere",
  ].join("\n");
  return { html, text };
}

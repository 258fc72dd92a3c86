import { listOutbox } from "../../../server/mail/mailer.server";
import { Badge, Card } from "../../components/ui/card";
import type { Route } from "./+types/outbox";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Outbox (local) | BeenThere" }, { name: "robots", content: "noindex" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * Local runs without SMTP only, and only to a browser on this machine (the socket's address,
 * which no header can fake): every mail the app sent, with its links and attachments, newest
 * first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.config.mail.outboxPageEnabled || !context.peerIsLoopback) {
    throw new Response("Not found", { status: 404 });
  }
  const mails = await listOutbox(context.db);
  return {
    mails: mails.map((m) => ({ ...m, links: m.text.match(/https?:\/\/\S+/g) ?? [] })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">Outbox</h1>
      <p className="mt-2 text-muted">
        Mails this local app has sent. Without <code>SMTP_URL</code> nothing leaves the machine;
        this page exists only for localhost runs.
      </p>
      <ol className="mt-8 grid gap-4">
        {loaderData.mails.length === 0 ? <li className="text-muted">No mail yet.</li> : null}
        {loaderData.mails.map((mail) => (
          <li key={mail.id}>
            <Card className="grid gap-2 p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">{mail.subject}</h2>
                <Badge tone={mail.status === "failed" ? "danger" : "neutral"}>{mail.status}</Badge>
              </div>
              <p className="text-sm text-muted">
                To {mail.toAddress} ·{" "}
                {new Date(mail.createdAt).toLocaleString("en-IN", { timeZone: "UTC" })} UTC
              </p>
              {mail.links.map((link) => (
                <a key={link} href={link} className="text-sm break-all text-brand-700 underline">
                  {link}
                </a>
              ))}
              <details className="text-sm">
                <summary className="cursor-pointer text-muted">Show text</summary>
                <pre className="mt-2 font-sans whitespace-pre-wrap">{mail.text}</pre>
              </details>
              {(mail.attachments ?? []).map((file) => (
                <details key={file.filename} className="text-sm">
                  <summary className="cursor-pointer text-muted">
                    Attachment: {file.filename}
                  </summary>
                  <pre
                    data-filename={file.filename}
                    className="mt-2 rounded-md bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap"
                  >
                    {file.content}
                  </pre>
                </details>
              ))}
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}

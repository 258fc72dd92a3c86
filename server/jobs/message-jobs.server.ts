import type { Config } from "../config.server";
import { sendUnreadMessageEmails } from "../conversations/message-digest.server";
import type { Db } from "../db/client.server";

/** The e-mail to someone away from a conversation (issue 39): due 10 minutes after a message. */
export function messageJobs(db: Db, config: Pick<Config, "appUrl">, now: () => Date) {
  return [
    {
      name: "unread-message-emails",
      everyMs: 60_000,
      run: (signal: AbortSignal) =>
        sendUnreadMessageEmails(db, { appUrl: config.appUrl, now: now(), signal }),
    },
  ];
}

import type { Db } from "../db/client.server";
import { conversationMessages, messagesAfter } from "./conversations.server";
import type { MessageFeed } from "./message-feed.server";
import type { loadConversation, Reader } from "./parties.server";

type Loaded = NonNullable<Awaited<ReturnType<typeof loadConversation>>>;

/** A comment line now and then keeps proxies from closing an idle stream. */
export const STREAM_KEEPALIVE_MS = 15_000;
/** How soon a browser reconnects after the stream drops. */
const RETRY_MS = 1000;
/**
 * Messages read at a time. A page that is not full was everything as of that read: what
 * commits later brings its own notification (`again`), so no second read to find nothing.
 */
const PAGE = 50;

export type StreamOptions = {
  db: Db;
  feed: MessageFeed;
  reader: Reader;
  /** One conversation's messages, or (null) a note per new message in any of the reader's. */
  record: Loaded | null;
  /** The last message id the browser has (Last-Event-ID, or the page's newest). */
  after: number;
  signal: AbortSignal;
  /** Send what is there after `after`, then end (no connection held, nothing subscribed). */
  once?: boolean;
  onError?: (error: unknown) => void;
  keepAliveMs?: number;
};

/**
 * Server-Sent Events of new messages for one reader (issue 39, point 2). Each event's id is the
 * message id, so a browser that reconnects sends the last one it had (Last-Event-ID) and gets
 * exactly what followed: everything sent is read from the database after that id, never held
 * in this instance's memory. A notification, from whichever instance, only says "look again".
 * Within a conversation ids follow commit order (append.server.ts), so nothing is skipped.
 * Across conversations they need not: a message may commit after one with a higher id. So the
 * inbox's live notes come from the notifications themselves (each sent once a commit is made,
 * whatever its id), and its reads after an id only catch up from the page's load or a drop.
 */
export function messageEventStream(options: StreamOptions): ReadableStream<Uint8Array> {
  const { db, feed, reader, record, signal } = options;
  const encoder = new TextEncoder();
  let lastId = options.after;
  /** The inbox's notes already sent: a catch-up and a notification may both name one. */
  const told = new Set<number>();
  let running = false;
  let again = false;
  let closed = false;
  let unsubscribe = () => {};
  let keepAlive: ReturnType<typeof setInterval> | undefined;

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(keepAlive);
        try {
          controller.close();
        } catch {
          // already closed by the reader going away
        }
      };

      const tell = (note: { id: number; conversationId: string }) => {
        if (told.has(note.id)) return;
        told.add(note.id);
        write(`id: ${note.id}\nevent: inbox\ndata: ${JSON.stringify(note)}\n\n`);
      };

      const catchUp = async () => {
        if (running) return void (again = true);
        running = true;
        try {
          do {
            again = false;
            for (;;) {
              if (closed) return;
              if (record) {
                const page = await conversationMessages(db, reader, record, {
                  after: lastId,
                  limit: PAGE,
                });
                for (const m of page.messages)
                  write(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
                if (page.messages.length === 0) break;
                lastId = page.messages.at(-1)!.id;
                if (page.messages.length < PAGE) break;
              } else {
                const notes = await messagesAfter(db, reader, lastId, PAGE);
                for (const n of notes) tell(n);
                if (notes.length === 0) break;
                // Only reads move the cursor: a live note's id may be far ahead of them.
                lastId = notes.at(-1)!.id;
                if (notes.length < PAGE) break;
              }
            }
          } while (again);
        } catch (error) {
          options.onError?.(error);
          close(); // the browser reconnects and catches up from its last id
        } finally {
          running = false;
        }
      };

      if (signal.aborted) return close();
      signal.addEventListener("abort", close, { once: true });
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      if (options.once) {
        await catchUp();
        return close();
      }
      keepAlive = setInterval(
        () => write(": keepalive\n\n"),
        options.keepAliveMs ?? STREAM_KEEPALIVE_MS,
      );
      keepAlive.unref?.();
      unsubscribe = await feed.subscribe(reader.userId, {
        onMessage: (note) => {
          if (!record) tell({ id: note.messageId, conversationId: note.conversationId });
          else if (note.conversationId === record.conversation.id) void catchUp();
        },
        onResync: () => void catchUp(),
        onClose: close,
      });
      if (closed) return unsubscribe();
      // What was sent between the page's load (or the dropped stream) and now.
      await catchUp();
    },
    cancel() {
      closed = true;
      unsubscribe();
      clearInterval(keepAlive);
    },
  });
}

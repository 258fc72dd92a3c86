import type { Database } from "../db/client.server";
import { isUuid } from "../../core/ids";
import { MESSAGE_CHANNEL } from "./append.server";

/** A new message in a conversation, as its notification names it. */
export type MessageNote = { conversationId: string; messageId: number };

export type FeedListener = {
  /** A message in one of the person's conversations was committed (on any instance). */
  onMessage(note: MessageNote): void;
  /** Notifications may have been missed (the listening connection came back): catch up. */
  onResync(): void;
  /** The instance is shutting down: end the stream (the browser reconnects elsewhere). */
  onClose?(): void;
};

/**
 * New messages, heard from the database's notifications (LISTEN/NOTIFY through the listener
 * every change feed uses: its heartbeat and reconnects), handed to this instance's open event
 * streams by person. It holds no messages: a stream reads what it sends from the database, so
 * every instance sends the same, and a reconnect of the listener makes each stream catch up.
 * Listens from the first stream on (an instance nobody streams from needs no connection).
 */
export class MessageFeed {
  readonly #database: Pick<Database, "listen">;
  #byUser = new Map<string, Set<FeedListener>>();
  #started: Promise<void> | null = null;
  #stop: (() => Promise<void>) | null = null;
  #listening = false;
  #stopped = false;

  constructor(database: Pick<Database, "listen">) {
    this.#database = database;
  }

  get listening() {
    return this.#listening;
  }

  /** How many streams this instance serves (for tests and metrics). */
  get streams() {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  /** Hands `listener` the person's new messages until the returned function is called. */
  async subscribe(userId: string, listener: FeedListener): Promise<() => void> {
    let set = this.#byUser.get(userId);
    if (!set) this.#byUser.set(userId, (set = new Set()));
    set.add(listener);
    await this.#start();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#byUser.get(userId) === set) this.#byUser.delete(userId);
    };
  }

  /** A notification's payload: "<conversation id> <message id> <seeker user> <advisor user>". */
  heard(payload: string) {
    const [conversationId, id, ...userIds] = payload.split(" ");
    const messageId = Number(id);
    if (!isUuid(conversationId) || !Number.isSafeInteger(messageId)) return;
    for (const userId of new Set(userIds))
      for (const listener of this.#byUser.get(userId) ?? [])
        listener.onMessage({ conversationId, messageId });
  }

  #state(listening: boolean) {
    const back = listening && !this.#listening;
    this.#listening = listening;
    if (!back) return;
    for (const set of this.#byUser.values()) for (const listener of set) listener.onResync();
  }

  #start() {
    if (this.#stopped) return Promise.resolve();
    this.#started ??= this.#database
      .listen(MESSAGE_CHANNEL, {
        onNotify: (payload) => this.heard(payload),
        onState: (listening) => this.#state(listening),
      })
      .then((stop) => {
        this.#stop = stop;
      });
    return this.#started;
  }

  /** Ends every open stream, so draining HTTP at shutdown need not wait for them. */
  closeStreams() {
    for (const set of [...this.#byUser.values()])
      for (const listener of [...set]) listener.onClose?.();
  }

  async stop() {
    this.#stopped = true;
    await this.#started?.catch(() => {});
    await this.#stop?.();
    this.#listening = false;
  }
}

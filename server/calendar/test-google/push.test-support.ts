import type { GoogleState } from "./state.test-support";

export type Channel = {
  id: string;
  resourceId: string;
  resourceUri: string;
  calendarId: string;
  address: string;
  token: string | null;
  /** Epoch ms. */
  expiration: number;
  /** Who made it (an account sub, or "service"): only they may stop it. */
  owner: string;
  stopped: boolean;
  messageNumber: number;
};

/** One notification sent; status is null until the listener answers (0: it could not be reached). */
export type Notification = {
  channelId: string;
  state: "sync" | "exists";
  messageNumber: number;
  status: number | null;
};

type WatchRequest = {
  id?: unknown;
  type?: unknown;
  address?: unknown;
  token?: unknown;
  expiration?: unknown;
};

type WatchResult = { error: "required" | "channelIdNotUnique" } | { channel: Channel };

/**
 * Push notifications as Google sends them for events.watch: a `sync` message when a channel
 * is made, an `exists` one for every change of the watched calendar, both with an empty body
 * and the X-Goog-* headers. Delivery is fire and forget; `flush()` waits for the answers.
 */
export function createPush(options: { origin: string; state: GoogleState }) {
  const channels: Channel[] = [];
  const notifications: Notification[] = [];
  const pending = new Set<Promise<void>>();
  const resourceIds = new Map<string, string>();

  const live = (c: Channel) => !c.stopped && c.expiration > Date.now();

  function resourceIdOf(calendarId: string): string {
    if (!resourceIds.has(calendarId))
      resourceIds.set(calendarId, `resource-${resourceIds.size + 1}`);
    return resourceIds.get(calendarId)!;
  }

  function deliver(channel: Channel, state: Notification["state"]) {
    const notification: Notification = {
      channelId: channel.id,
      state,
      messageNumber: ++channel.messageNumber,
      status: null,
    };
    notifications.push(notification);
    const sent = fetch(channel.address, {
      method: "POST",
      headers: {
        "X-Goog-Channel-ID": channel.id,
        ...(channel.token ? { "X-Goog-Channel-Token": channel.token } : {}),
        "X-Goog-Channel-Expiration": new Date(channel.expiration).toUTCString(),
        "X-Goog-Resource-ID": channel.resourceId,
        "X-Goog-Resource-URI": channel.resourceUri,
        "X-Goog-Resource-State": state,
        "X-Goog-Message-Number": String(notification.messageNumber),
      },
      signal: AbortSignal.timeout(5_000),
    })
      .then(async (response) => {
        notification.status = response.status;
        await response.body?.cancel();
      })
      .catch(() => {
        notification.status = 0;
      })
      .finally(() => pending.delete(sent));
    pending.add(sent);
  }

  return {
    channels,
    notifications,

    /** events.watch: the channel, or the error Google would give. */
    watch(owner: string, calendarId: string, body: WatchRequest): WatchResult {
      if (
        typeof body.id !== "string" ||
        typeof body.address !== "string" ||
        body.type !== "web_hook"
      )
        return { error: "required" };
      if (channels.some((c) => c.id === body.id)) return { error: "channelIdNotUnique" };
      const asked = Number(body.expiration);
      const channel: Channel = {
        id: body.id,
        resourceId: resourceIdOf(calendarId),
        resourceUri: `${options.origin}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?alt=json`,
        calendarId,
        address: body.address,
        token: typeof body.token === "string" ? body.token : null,
        expiration: Math.min(
          Number.isFinite(asked) ? asked : Infinity,
          Date.now() + options.state.maxChannelMs,
        ),
        owner,
        stopped: false,
        messageNumber: 0,
      };
      channels.push(channel);
      deliver(channel, "sync");
      return { channel };
    },

    /** channels.stop: false when there is no such live channel of this owner. */
    stop(owner: string, id: unknown, resourceId: unknown): boolean {
      const channel = channels.find(
        (c) => c.id === id && c.resourceId === resourceId && c.owner === owner && !c.stopped,
      );
      if (channel) channel.stopped = true;
      return !!channel;
    },

    /** Something in the calendar changed: every live channel on it hears so. */
    changed(calendarId: string) {
      for (const channel of channels)
        if (channel.calendarId === calendarId && live(channel)) deliver(channel, "exists");
    },

    /** Resolves once every notification sent so far has been answered (or has failed). */
    async flush() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

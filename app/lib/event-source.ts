import { useEffect, useRef } from "react";

/**
 * Listens to a Server-Sent Events URL while the component is shown; the browser reconnects
 * by itself and sends the last event's id, so the server sends what was missed. `url` null: none.
 */
export function useEventSource(
  url: string | null,
  handlers: Record<string, (data: string) => void>,
  onOpen?: () => void,
) {
  const latest = useRef({ handlers, onOpen });
  useEffect(() => {
    latest.current = { handlers, onOpen };
  });
  const events = Object.keys(handlers).sort().join(" ");
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const listeners = events.split(" ").map((name) => {
      const listener = (event: MessageEvent<string>) => latest.current.handlers[name]?.(event.data);
      source.addEventListener(name, listener);
      return listener;
    });
    const opened = () => latest.current.onOpen?.();
    source.addEventListener("open", opened);
    void listeners;
    return () => source.close();
  }, [url, events]);
}

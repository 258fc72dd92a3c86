import { describe, expect, it } from "vitest";
import { concurrencyLimit, type Release } from "./concurrency-limit";

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("concurrencyLimit", () => {
  it("grants slots at once up to the concurrency, queues up to the queue, refuses the rest", async () => {
    const limit = concurrencyLimit({ concurrency: 2, queue: 1 });
    const first = await limit.acquire();
    const second = await limit.acquire();
    const queued = limit.acquire();
    expect(queued).toBeInstanceOf(Promise);
    expect(limit.acquire()).toBeNull();
    expect({ running: limit.running, waiting: limit.waiting }).toEqual({ running: 2, waiting: 1 });

    let third: Release | undefined;
    void queued!.then((release) => (third = release));
    await settled();
    expect(third).toBeUndefined();
    first!();
    await settled();
    expect(third).toBeTypeOf("function");
    expect({ running: limit.running, waiting: limit.waiting }).toEqual({ running: 2, waiting: 0 });
    second!();
    third!();
    expect({ running: limit.running, waiting: limit.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("serves the queue first come, first served", async () => {
    const limit = concurrencyLimit({ concurrency: 1, queue: 3 });
    const held = await limit.acquire()!;
    const order: number[] = [];
    const queued = [1, 2, 3].map((n) =>
      limit.acquire()!.then((release) => {
        order.push(n);
        release();
      }),
    );
    held();
    await Promise.all(queued);
    expect(order).toEqual([1, 2, 3]);
    expect(limit.running).toBe(0);
  });

  it("counts a slot released twice once", async () => {
    const limit = concurrencyLimit({ concurrency: 1, queue: 0 });
    const release = await limit.acquire()!;
    release();
    release();
    expect(limit.running).toBe(0);
    await limit.acquire();
    expect(limit.acquire()).toBeNull();
  });

  it("gives up a queued place when its signal aborts, and refuses an aborted one outright", async () => {
    const limit = concurrencyLimit({ concurrency: 1, queue: 2 });
    const held = await limit.acquire()!;
    const gone = new AbortController();
    const abandoned = limit.acquire(gone.signal)!;
    const next = limit.acquire()!;
    gone.abort(new Error("client closed"));
    await expect(abandoned).rejects.toThrow("client closed");
    expect(limit.waiting).toBe(1);
    held();
    const release = await next;
    expect(limit.running).toBe(1);
    release();
    expect(limit.running).toBe(0);
    await expect(limit.acquire(AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
    expect(limit.running).toBe(0);
  });

  it("with no queue refuses as soon as every slot is held", async () => {
    const limit = concurrencyLimit({ concurrency: 1, queue: 0 });
    expect(await limit.acquire()).toBeTypeOf("function");
    expect(limit.acquire()).toBeNull();
  });
});

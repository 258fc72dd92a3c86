import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRazorpayGateway } from "./razorpay-gateway.server";

/*
 * The official SDK against a local server that answers like Razorpay's API (no network):
 * orders and refunds go out with basic auth and the right bodies, errors say what failed.
 */
let server: Server;
let apiUrl: string;
const received: { method: string; url: string; auth: string; body: unknown }[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString()));
    req.on("end", () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    received.push({
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization ?? "",
      body,
    });
    res.setHeader("Content-Type", "application/json");
    if (req.url === "/v1/orders" && body.amount === 1) {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: { code: "BAD_REQUEST_ERROR", description: "Order amount less than minimum" },
        }),
      );
    } else if (req.url === "/v1/orders") {
      res.end(
        JSON.stringify({ id: "order_Local123", entity: "order", status: "created", ...body }),
      );
    } else if (req.url === "/v1/payments/pay_Local1/refund") {
      res.end(JSON.stringify({ id: "rfnd_Local1", entity: "refund", status: "processed" }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { description: "not found" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const gateway = () => createRazorpayGateway({ keyId: "rzp_test_k", keySecret: "s3cret", apiUrl });

describe("the Razorpay gateway", () => {
  it("creates an INR order in paise with the key as basic auth", async () => {
    const order = await gateway().createOrder({
      amountPaise: 118_000,
      receipt: "booking-1",
      notes: { bookingId: "booking-1" },
    });
    expect(order).toEqual({ orderId: "order_Local123" });
    const call = received.at(-1)!;
    expect(call).toMatchObject({
      method: "POST",
      url: "/v1/orders",
      body: { amount: 118_000, currency: "INR", receipt: "booking-1" },
    });
    expect(call.auth).toBe(`Basic ${Buffer.from("rzp_test_k:s3cret").toString("base64")}`);
  });

  it("turns a refused order into an error naming Razorpay's reason", async () => {
    await expect(
      gateway().createOrder({ amountPaise: 1, receipt: "r", notes: {} }),
    ).rejects.toThrow("Razorpay order failed (400): Order amount less than minimum");
  });

  it("refunds a payment", async () => {
    expect(
      await gateway().refund({ providerPaymentId: "pay_Local1", amountPaise: 500, notes: {} }),
    ).toEqual({ refundId: "rfnd_Local1", status: "processed" });
    expect(received.at(-1)).toMatchObject({ body: { amount: 500, speed: "normal" } });
  });
});

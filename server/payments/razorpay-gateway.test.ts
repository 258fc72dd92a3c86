import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRazorpayGateway } from "./razorpay-gateway.server";

/*
 * The official SDK against a local server that answers like Razorpay's API (no network):
 * orders, refunds and Route's linked accounts and transfers go out with basic auth and the
 * right bodies, errors say what failed.
 */
let server: Server;
let apiUrl: string;
const received: { method: string; url: string; auth: string; body: unknown }[] = [];
let halfwayDown = true;

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
    } else if (req.method === "POST" && req.url === "/v2/accounts") {
      if (body.email === "taken@example.com") {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: { code: "BAD_REQUEST_ERROR", description: "Merchant email already exists" },
          }),
        );
      } else if (body.email === "halfway@example.com") {
        res.end(JSON.stringify({ id: "acc_Half1", type: "route", status: "created" }));
      } else res.end(JSON.stringify({ id: "acc_Local1", type: "route", status: "created" }));
    } else if (req.method === "POST" && req.url === "/v2/accounts/acc_Half1/products") {
      // Down the first time, up the next.
      if (halfwayDown) {
        halfwayDown = false;
        res.statusCode = 503;
        res.end(JSON.stringify({ error: { description: "Service unavailable" } }));
      } else res.end(JSON.stringify({ id: "acc_prd_Half1", activation_status: "requested" }));
    } else if (req.method === "POST" && req.url === "/v2/accounts/acc_Local1/products") {
      res.end(JSON.stringify({ id: "acc_prd_Local1", activation_status: "requested" }));
    } else if (req.method === "PATCH" && req.url?.startsWith("/v2/accounts/acc_")) {
      const settlements = body.settlements as { ifsc_code?: string } | undefined;
      const unclear = settlements?.ifsc_code === "FAIL0000000";
      res.end(
        JSON.stringify({
          id: req.url.split("/").at(-1),
          activation_status: unclear ? "needs_clarification" : "activated",
          requirements: unclear
            ? [
                {
                  field_reference: "settlements.ifsc_code",
                  resolution_url: "/accounts/acc_Local1/products/acc_prd_Local1",
                  status: "required",
                  reason_code: "field_missing",
                },
                { field_reference: "settlements.account_number", reason_code: "invalid_value" },
              ]
            : [],
        }),
      );
    } else if (req.method === "POST" && req.url === "/v1/payments/pay_Local1/transfers") {
      const [transfer] = body.transfers as Record<string, unknown>[];
      res.end(
        JSON.stringify({
          entity: "collection",
          count: 1,
          items: [{ id: "trf_Local1", entity: "transfer", on_hold: true, ...transfer }],
        }),
      );
    } else if (req.method === "POST" && req.url === "/v1/payments/pay_Refused/transfers") {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: {
            code: "BAD_REQUEST_ERROR",
            description:
              "The sum of amount requested for transfer is greater than the captured amount",
          },
        }),
      );
    } else if (req.method === "POST" && req.url === "/v1/payments/pay_Down/transfers") {
      res.statusCode = 502;
      res.end(JSON.stringify({ error: { code: "SERVER_ERROR", description: "Bad gateway" } }));
    } else if (req.method === "PATCH" && req.url === "/v1/transfers/trf_Local1") {
      res.end(JSON.stringify({ id: "trf_Local1", entity: "transfer", on_hold: false }));
    } else if (req.method === "POST" && req.url === "/v1/transfers/trf_Local1/reversals") {
      res.end(JSON.stringify({ id: "rvrsl_Local1", entity: "reversal", ...body }));
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

describe("the Razorpay gateway's Route calls", () => {
  const basicAuth = `Basic ${Buffer.from("rzp_test_k:s3cret").toString("base64")}`;
  const advisor = {
    advisorId: "5f0c6b1e-3d2a-4c8e-9b7f-1a2b3c4d5e6f",
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "9876543210",
    bank: { accountNumber: "123456789012", ifsc: "HDFC0001234", holderName: "Asha Rao" },
  };
  const since = () => received.length;
  /** What a call rejected with (an Error saying it resolved, when it did). */
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => new Error("resolved"),
      (e: unknown) => e as Error,
    );

  it("creates a linked account, requests Route and sets its bank details", async () => {
    const from = since();
    const answer = await gateway().upsertLinkedAccount({ account: null, ...advisor });
    expect(answer).toEqual({
      accountId: "acc_Local1",
      productId: "acc_prd_Local1",
      status: "activated",
    });
    const calls = received.slice(from);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /v2/accounts",
      "POST /v2/accounts/acc_Local1/products",
      "PATCH /v2/accounts/acc_Local1/products/acc_prd_Local1",
    ]);
    expect(calls.every((c) => c.auth === basicAuth)).toBe(true);
    expect(calls[0]!.body).toMatchObject({
      email: "asha@example.com",
      phone: "9876543210",
      type: "route",
      // Razorpay allows 20 characters.
      reference_id: "5f0c6b1e3d2a4c8e9b7f",
      legal_business_name: "Asha Rao",
      business_type: "individual",
      contact_name: "Asha Rao",
    });
    expect(calls[1]!.body).toEqual({ product_name: "route", tnc_accepted: true });
    expect(calls[2]!.body).toEqual({
      settlements: {
        account_number: "123456789012",
        ifsc_code: "HDFC0001234",
        beneficiary_name: "Asha Rao",
      },
      tnc_accepted: true,
    });
  });

  it("updates the bank details of an existing account without creating another", async () => {
    const from = since();
    const answer = await gateway().upsertLinkedAccount({
      account: { accountId: "acc_Local2", productId: "acc_prd_Local2" },
      ...advisor,
      phone: null,
    });
    expect(answer).toEqual({
      accountId: "acc_Local2",
      productId: "acc_prd_Local2",
      status: "activated",
    });
    expect(received.slice(from).map((c) => `${c.method} ${c.url}`)).toEqual([
      "PATCH /v2/accounts/acc_Local2/products/acc_prd_Local2",
    ]);
  });

  it("says what Route needs fixed when it asks for clarification", async () => {
    const answer = await gateway().upsertLinkedAccount({
      account: { accountId: "acc_Local1", productId: "acc_prd_Local1" },
      ...advisor,
      bank: { ...advisor.bank, ifsc: "FAIL0000000" },
    });
    expect(answer).toEqual({
      accountId: "acc_Local1",
      productId: "acc_prd_Local1",
      status: "needs_clarification",
      reason: "settlements.ifsc_code: field_missing; settlements.account_number: invalid_value",
    });
  });

  it("keeps an account made before a later step failed, and continues from it", async () => {
    const error = await failure(
      gateway().upsertLinkedAccount({ account: null, ...advisor, email: "halfway@example.com" }),
    );
    expect(error.message).toBe("Razorpay linked account failed (503): Service unavailable");
    expect(error).toMatchObject({ account: { accountId: "acc_Half1", productId: null } });
    const from = since();
    const answer = await gateway().upsertLinkedAccount({
      account: { accountId: "acc_Half1", productId: null },
      ...advisor,
    });
    expect(answer).toEqual({
      accountId: "acc_Half1",
      productId: "acc_prd_Half1",
      status: "activated",
    });
    expect(received.slice(from).map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /v2/accounts/acc_Half1/products",
      "PATCH /v2/accounts/acc_Half1/products/acc_prd_Half1",
    ]);
  });

  it("turns a refused account into an Error whose cause has the 400", async () => {
    const error = await gateway()
      .upsertLinkedAccount({ account: null, ...advisor, email: "taken@example.com" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      "Razorpay linked account failed (400): Merchant email already exists",
    );
    expect((error as Error).cause).toMatchObject({ statusCode: 400 });
  });

  it("transfers a share of a payment to the linked account, on hold", async () => {
    const from = since();
    expect(
      await gateway().createTransfer({
        providerPaymentId: "pay_Local1",
        accountId: "acc_Local1",
        amountPaise: 87_500,
        notes: { booking_id: "b1", transfer_id: "t1" },
      }),
    ).toEqual({ transferId: "trf_Local1" });
    const [call] = received.slice(from);
    expect(call).toMatchObject({
      method: "POST",
      url: "/v1/payments/pay_Local1/transfers",
      auth: basicAuth,
    });
    expect(call!.body).toEqual({
      transfers: [
        {
          account: "acc_Local1",
          amount: 87_500,
          currency: "INR",
          on_hold: true,
          notes: { booking_id: "b1", transfer_id: "t1" },
        },
      ],
    });
  });

  it("releases a held transfer and reverses one", async () => {
    const from = since();
    await gateway().releaseTransfer("trf_Local1");
    expect(await gateway().reverseTransfer("trf_Local1", 87_500)).toEqual({
      reversalId: "rvrsl_Local1",
    });
    expect(received.slice(from)).toEqual([
      {
        method: "PATCH",
        url: "/v1/transfers/trf_Local1",
        auth: basicAuth,
        body: { on_hold: false },
      },
      {
        method: "POST",
        url: "/v1/transfers/trf_Local1/reversals",
        auth: basicAuth,
        body: { amount: 87_500 },
      },
    ]);
  });

  it("a refused transfer is an Error with the 4xx in its cause; an outage a 5xx", async () => {
    const transfer = (providerPaymentId: string) =>
      failure(
        gateway().createTransfer({
          providerPaymentId,
          accountId: "acc_Local1",
          amountPaise: 1,
          notes: {},
        }),
      );
    const refused = await transfer("pay_Refused");
    expect(refused.message).toBe(
      "Razorpay transfer failed (400): The sum of amount requested for transfer is greater than the captured amount",
    );
    expect(refused.cause).toMatchObject({ statusCode: 400 });
    const down = await transfer("pay_Down");
    expect(down.message).toBe("Razorpay transfer failed (502): Bad gateway");
    expect(down.cause).toMatchObject({ statusCode: 502 });
    const missing = await failure(gateway().releaseTransfer("trf_Unknown"));
    expect(missing.message).toBe("Razorpay transfer release failed (404): not found");
  });
});

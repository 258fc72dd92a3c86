import Razorpay from "razorpay";
import type { PaymentGateway } from "./gateway.server";

type RazorpayKeys = { keyId: string; keySecret: string; apiUrl?: string };

/**
 * Razorpay through its official SDK: orders (INR, paise), refunds, and Route's linked
 * accounts and transfers for advisors' payouts.
 */
export function createRazorpayGateway(keys: RazorpayKeys): PaymentGateway {
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  if (keys.apiUrl) {
    // The SDK fixes its host; its axios instance is the only way to point it at a local
    // server that answers like Razorpay (tests, never production).
    (
      client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
    ).api.rq.defaults.baseURL = keys.apiUrl.replace(/\/$/, "");
  }
  return {
    name: "razorpay",
    keyId: keys.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await client.orders
        .create({ amount: amountPaise, currency: "INR", receipt, notes })
        .catch((error: unknown) => {
          throw providerError("order", error);
        });
      return { orderId: order.id };
    },
    async refund({ providerPaymentId, amountPaise, notes }) {
      const refund = await client.payments
        .refund(providerPaymentId, { amount: amountPaise, speed: "normal", notes })
        .catch((error: unknown) => {
          throw providerError("refund", error);
        });
      const status =
        refund.status === "processed" || refund.status === "failed" ? refund.status : "pending";
      return { refundId: refund.id, status };
    },
    async upsertLinkedAccount({ account, advisorId, name, email, phone, bank }) {
      // Each step's id is kept as soon as Razorpay gives it: if a later step fails, the error
      // carries what exists, and the next attempt continues instead of creating it again.
      let accountId = account?.accountId ?? null;
      let productId = account?.productId ?? null;
      const failWithProgress = (error: unknown): never => {
        const failure = providerError("linked account", error);
        if (accountId) Object.assign(failure, { account: { accountId, productId } });
        throw failure;
      };
      if (!accountId) {
        const created = await client.accounts
          .create({
            email,
            ...(phone ? { phone } : {}),
            type: "route",
            // Razorpay allows 20 characters: the advisor id without its dashes, cut.
            reference_id: advisorId.replaceAll("-", "").slice(0, 20),
            legal_business_name: name,
            business_type: "individual",
            contact_name: name,
            profile: { category: "education", subcategory: "coaching" },
          } as never)
          .catch(failWithProgress);
        accountId = created.id;
      }
      if (!productId) {
        const product = await client.products
          .requestProductConfiguration(accountId, { product_name: "route", tnc_accepted: true })
          .catch(failWithProgress);
        productId = product.id;
      }
      const ref = { accountId, productId };
      const configured = (await client.products
        .edit(ref.accountId, ref.productId, {
          settlements: {
            account_number: bank.accountNumber,
            ifsc_code: bank.ifsc,
            beneficiary_name: bank.holderName,
          },
          tnc_accepted: true,
        } as never)
        .catch(failWithProgress)) as unknown as RouteProduct;
      return { ...ref, ...activation(configured) };
    },
    async createTransfer({ providerPaymentId, accountId, amountPaise, notes }) {
      const answer = (await client.payments
        .transfer(providerPaymentId, {
          transfers: [
            { account: accountId, amount: amountPaise, currency: "INR", on_hold: true, notes },
          ],
        } as never)
        .catch((error: unknown) => {
          throw providerError("transfer", error);
        })) as unknown as { items: { id: string }[] };
      const transfer = answer.items[0];
      if (!transfer) throw new Error("Razorpay transfer failed: no transfer in the answer");
      return { transferId: transfer.id };
    },
    async releaseTransfer(transferId) {
      await client.transfers
        .edit(transferId, { on_hold: false } as never)
        .catch((error: unknown) => {
          throw providerError("transfer release", error);
        });
    },
    async reverseTransfer(transferId, amountPaise) {
      const reversal = await client.transfers
        .reverse(transferId, { amount: amountPaise } as never)
        .catch((error: unknown) => {
          throw providerError("transfer reversal", error);
        });
      return { reversalId: reversal.id };
    },
  };
}

/** The parts of a Route product configuration we read. */
type RouteProduct = {
  id: string;
  activation_status?: string;
  requirements?: { field_reference?: string; reason_code?: string; status?: string }[];
};

/** Where the provider stands on an account, with its reasons when something must be fixed. */
function activation(product: RouteProduct) {
  const status =
    product.activation_status === "activated"
      ? ("activated" as const)
      : product.activation_status === "needs_clarification"
        ? ("needs_clarification" as const)
        : ("under_review" as const);
  const reason = requirementsReason(product.requirements);
  return reason ? { status, reason } : { status };
}

/** Route's list of what it still needs, as one line ("settlements.ifsc_code: invalid"). */
export function requirementsReason(
  requirements: { field_reference?: string; reason_code?: string }[] | undefined,
): string {
  return (requirements ?? [])
    .map((r) => [r.field_reference, r.reason_code].filter(Boolean).join(": "))
    .filter(Boolean)
    .join("; ");
}

/** The SDK rejects with a plain object; make it an Error that says what failed. */
function providerError(what: string, error: unknown): Error {
  const detail = error as { statusCode?: number; error?: { description?: string } } | undefined;
  return new Error(
    `Razorpay ${what} failed (${detail?.statusCode ?? "no status"}): ${detail?.error?.description ?? String(error)}`,
    { cause: error },
  );
}

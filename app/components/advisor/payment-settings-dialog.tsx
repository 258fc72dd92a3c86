import { CreditCard, Landmark } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  BANK_FIELDS,
  type BankDetails,
  type BankField,
  checkBankDetails,
} from "../../../core/bank-details";
import { bankDetailsSchema } from "../../../core/forms/bank-details";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input } from "../ui/input";
import { toast } from "../ui/toaster";

export const BANK_DETAILS_URL = "/api/advisor/bank-details";

type Masked = Omit<BankDetails, "bankAccountNumber"> & { maskedAccountNumber: string };
type Loaded = { details: (BankDetails & { maskedAccountNumber: string }) | null };
type Saved =
  | {
      ok: true;
      message: string;
      details: Masked;
    }
  | { ok: false; message: string; fieldErrors: Partial<Record<BankField, string>> };

const LABELS: Record<BankField, string> = {
  bankAccountHolderName: "Account holder name",
  bankName: "Bank name",
  bankAccountNumber: "Account number",
  bankIfscCode: "IFSC code",
  bankBranch: "Branch",
};
const EMPTY: BankDetails = {
  bankAccountHolderName: "",
  bankName: "",
  bankAccountNumber: "",
  bankIfscCode: "",
  bankBranch: "",
};

/**
 * Payment Settings: the advisor's payout account, behind a card that shows it masked (from
 * `?summary`, which leaves the number out). The form loads the owner's full details from
 * /api/advisor/bank-details only when it opens, and saves there: the account number is not
 * in the page until then.
 */
export function PaymentSettingsDialog() {
  const summaryLoader = useFetcher<{ details: Masked | null }>();
  const loader = useFetcher<Loaded>();
  const saver = useFetcher<Saved>();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<BankDetails>(EMPTY);
  // The form's one message: the first problem found here or the server's answer; one about
  // the fields goes once they are fixed.
  const [refusal, setRefusal] = useState<{ message: string; fields: boolean } | null>(null);
  const form = useZodForm(bankDetailsSchema, {
    id: "bank",
    values,
    setValues,
    result: saver.data,
    onValid: () => {
      void saver.submit(values, {
        method: "post",
        action: BANK_DETAILS_URL,
        encType: "application/json",
      });
    },
  });
  const [summary, setSummary] = useState<{ bank: string; masked: string } | null>(null);

  useEffect(() => {
    if (summaryLoader.state === "idle" && !summaryLoader.data)
      void summaryLoader.load(`${BANK_DETAILS_URL}?summary`);
  }, [summaryLoader]);
  const openDialog = (next: boolean) => {
    setOpen(next);
    setRefusal(null);
    form.reset();
    if (next) void loader.load(BANK_DETAILS_URL);
  };
  // Answers from the server update the card and form while rendering (no effect round trip).
  const [seenSummary, setSeenSummary] = useState(summaryLoader.data);
  if (summaryLoader.data !== seenSummary) {
    setSeenSummary(summaryLoader.data);
    const details = summaryLoader.data?.details;
    if (details) setSummary({ bank: details.bankName, masked: details.maskedAccountNumber });
  }
  const [seenLoad, setSeenLoad] = useState(loader.data);
  if (loader.data !== seenLoad) {
    setSeenLoad(loader.data);
    const details = loader.data?.details;
    if (details) {
      const { maskedAccountNumber: _shownOnTheCard, ...rest } = details;
      setValues(rest);
    }
  }
  const [seenSave, setSeenSave] = useState(saver.data);
  if (saver.data !== seenSave) {
    setSeenSave(saver.data);
    const answer = saver.data;
    if (answer?.ok) {
      setSummary({ bank: answer.details.bankName, masked: answer.details.maskedAccountNumber });
      setOpen(false);
    } else if (answer) {
      setRefusal({ message: answer.message, fields: Object.keys(answer.fieldErrors).length > 0 });
    }
  }
  // Saving is an event (a toast); a refusal stays in the form, above its buttons.
  useEffect(() => {
    if (saver.data?.ok) toast.success(saver.data.message);
  }, [saver.data]);

  return (
    // The Earnings page's alerts link here (PAYMENT_SETTINGS_URL).
    <Card id="payment-settings" className="grid scroll-mt-24 gap-3 p-6">
      <div className="flex items-center gap-2">
        <Landmark className="size-5 text-brand-700" aria-hidden="true" />
        <h2 className="font-semibold">Payment Settings</h2>
      </div>
      <p className="text-sm text-muted" data-testid="bank-summary">
        {summary
          ? `Payouts go to ${summary.bank}, account ${summary.masked}.`
          : "Add the bank account your earnings are paid into."}
      </p>
      <Dialog open={open} onOpenChange={openDialog}>
        <DialogTrigger asChild>
          <Button variant="outline" className="justify-self-start">
            <CreditCard aria-hidden="true" />
            {summary ? "Update Bank Details" : "Add Bank Details"}
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Bank details"
          description="Your earnings are paid into this account. All fields are required."
        >
          <form
            aria-busy={loader.state !== "idle"}
            className="grid gap-4"
            {...form.props}
            onSubmit={(event) => {
              const check = checkBankDetails(values);
              setRefusal(check.ok ? null : { message: check.message, fields: true });
              form.props.onSubmit(event);
            }}
          >
            {BANK_FIELDS.map((field) => (
              <FormField
                key={field}
                form={form}
                name={field}
                label={LABELS[field]}
                hint={field === "bankIfscCode" ? "11 characters, e.g. SBIN0001234" : undefined}
              >
                <Input
                  inputMode={field === "bankAccountNumber" ? "numeric" : undefined}
                  autoComplete="off"
                  maxLength={120}
                  // Until the saved details arrive, so they never overwrite what was typed.
                  disabled={loader.state !== "idle"}
                />
              </FormField>
            ))}
            <FormSummary
              message={refusal && (form.invalid || !refusal.fields) ? refusal.message : null}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saver.state !== "idle"}>
                {saver.state !== "idle" ? "Saving..." : "Save Bank Details"}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

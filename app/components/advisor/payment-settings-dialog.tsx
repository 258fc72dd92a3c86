import { CreditCard, Landmark } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  BANK_FIELDS,
  type BankDetails,
  type BankField,
  checkBankDetails,
} from "../../../core/bank-details";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { Field, Input } from "../ui/input";
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
  | { ok: false; message: string; errors: Partial<Record<BankField, string>> };

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
  const [errors, setErrors] = useState<Partial<Record<BankField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [summary, setSummary] = useState<{ bank: string; masked: string } | null>(null);

  useEffect(() => {
    if (summaryLoader.state === "idle" && !summaryLoader.data)
      void summaryLoader.load(`${BANK_DETAILS_URL}?summary`);
  }, [summaryLoader]);
  const openDialog = (next: boolean) => {
    setOpen(next);
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
      setErrors(answer.errors);
      setFormError(answer.message);
    }
  }
  useEffect(() => {
    const answer = saver.data;
    if (answer?.ok) toast.success(answer.message);
    else if (answer) toast.error(answer.message);
  }, [saver.data]);

  const save = () => {
    const check = checkBankDetails(values);
    if (!check.ok) {
      setErrors(check.errors);
      setFormError(check.message);
      return;
    }
    setFormError(null);
    void saver.submit(values, {
      method: "post",
      action: BANK_DETAILS_URL,
      encType: "application/json",
    });
  };

  return (
    <Card className="grid gap-3 p-6">
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
            noValidate
            aria-busy={loader.state !== "idle"}
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            {formError ? (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-danger"
              >
                {formError}
              </p>
            ) : null}
            {BANK_FIELDS.map((field) => (
              <Field
                key={field}
                id={`bank-${field}`}
                label={LABELS[field]}
                error={errors[field]}
                hint={field === "bankIfscCode" ? "11 characters, e.g. SBIN0001234" : undefined}
              >
                <Input
                  id={`bank-${field}`}
                  value={values[field]}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [field]: e.target.value }));
                    setErrors(({ [field]: _fixed, ...rest }) => rest);
                  }}
                  inputMode={field === "bankAccountNumber" ? "numeric" : undefined}
                  autoComplete="off"
                  maxLength={120}
                  // Until the saved details arrive, so they never overwrite what was typed.
                  disabled={loader.state !== "idle"}
                />
              </Field>
            ))}
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

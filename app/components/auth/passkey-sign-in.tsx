import { KeyRound } from "lucide-react";
import { useState } from "react";
import { SECURITY_MESSAGES as M } from "../../../core/messages/security";
import { useHydrated } from "../../lib/hydrated";
import { passkeysSupported, signInWithPasskey } from "../../lib/passkeys";
import { Button } from "../ui/button";
import { FormSummary } from "../ui/form-summary";

/**
 * "Sign in with a passkey": WebAuthn needs scripts, so the button appears once the page is
 * hydrated in a browser that has passkeys. A sign-in goes on with a full page load, so every
 * part of the page sees the new session.
 */
export function PasskeySignIn({
  redirectTo,
  label = M.signInWithPasskey,
}: {
  redirectTo: string;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || !passkeysSupported()) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="lg"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const failed = await signInWithPasskey().catch(() => M.passkeyFailed);
          if (failed) {
            setError(failed);
            setBusy(false);
          } else {
            window.location.assign(redirectTo);
          }
        }}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        {label}
      </Button>
      <FormSummary title={M.passkeyFailedTitle} message={error} />
    </div>
  );
}

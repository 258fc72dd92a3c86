import { Laptop } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES as M } from "../../../core/messages/account";
import { Button } from "../ui/button";
import { Badge } from "../ui/card";
import { FormSummary } from "../ui/form-summary";
import { type SectionResult, SettingsSection } from "./section";

export type SignInRow = {
  id: string;
  device: string;
  address: string | null;
  current: boolean;
  signedIn: string;
  lastActive: string;
};

/** Where the person is signed in: each session, this device first; sign out one or the others. */
export function SignInsSection({
  signIns,
  result,
}: {
  signIns: SignInRow[];
  result: SectionResult | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  const others = signIns.filter((signIn) => !signIn.current).length;
  return (
    <SettingsSection
      id="sign-ins-heading"
      title="Where you are signed in"
      description="Sign out of any device you do not recognise, then change your password."
    >
      <ul className="grid gap-3" aria-labelledby="sign-ins-heading">
        {signIns.map((signIn) => (
          <li
            key={signIn.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-line p-4"
          >
            <div className="flex min-w-0 items-start gap-3">
              <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
              <div className="grid min-w-0 gap-0.5 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {signIn.device}
                  {signIn.current ? <Badge tone="brand">This device</Badge> : null}
                </p>
                {signIn.address ? <p className="text-muted">Address {signIn.address}</p> : null}
                <p className="text-muted">Last active {signIn.lastActive}</p>
                <p className="text-muted">Signed in {signIn.signedIn}</p>
              </div>
            </div>
            {signIn.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={signIn.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={`Sign out ${signIn.device}, last active ${signIn.lastActive}`}
                  disabled={pending?.get("sessionId") === signIn.id}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {result ? (
        result.ok ? (
          <FormSummary tone="success" title={result.title} message={result.message} />
        ) : (
          <FormSummary tone="error" title={M.errorTitle} message={result.message} />
        )
      ) : (
        <FormSummary tone="success" />
      )}
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-other-sessions" />
          <Button
            type="submit"
            variant="outline"
            disabled={pending?.get("intent") === "revoke-other-sessions"}
          >
            Sign out all other devices
          </Button>
        </Form>
      ) : null}
    </SettingsSection>
  );
}

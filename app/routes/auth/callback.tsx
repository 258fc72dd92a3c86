import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../../../core/auth-rules";
import { AUTH_MESSAGES as MESSAGES } from "../../../core/messages/auth";
import { toast } from "../../components/ui/toaster";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Signing in | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * Where Google sign-in lands (better-auth has already set the session cookie): on to
 * returnTo, else the redirect stored when /auth opened, else the dashboard.
 */
export default function AuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();

  useEffect(() => {
    if (params.get("error")) {
      toast.error(MESSAGES.callbackFailedTitle, { description: MESSAGES.callbackFailed });
      void navigate("/auth", { replace: true });
      return;
    }
    const stored = sessionStorage.getItem("auth_redirect_url");
    sessionStorage.removeItem("auth_redirect_url");
    toast.success(MESSAGES.signInSuccessTitle, { description: MESSAGES.signInSuccess });
    void navigate(safeRedirect(params.get("returnTo") ?? stored), { replace: true });
  }, [params, navigate]);

  return (
    <section className="grid flex-1 place-items-center px-4 py-24" aria-live="polite">
      <p className="flex items-center gap-3 text-muted">
        <span className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        Completing authentication...
      </p>
    </section>
  );
}

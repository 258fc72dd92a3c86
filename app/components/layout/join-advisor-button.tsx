import { Link, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import type { ViewerSummary } from "../../lib/viewer";
import { Button } from "../ui/button";
import { toast } from "../ui/toaster";

const REDIRECT_DELAY_MS = 1000;

/**
 * Join As Advisor. Who the viewer is comes from the server with the
 * page; it is unknown only while a form submission may have changed it (signing in or out,
 * switching role), and then the button waits with "Loading...".
 */
export function JoinAdvisorButton({
  viewer,
  className,
}: {
  viewer: ViewerSummary | null;
  className?: string;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.formMethod != null;

  // "Go to Dashboard" would lead where the advisor already is.
  if (viewer?.isAdvisor && location.pathname === "/dashboard") return null;
  if (loading) {
    return (
      <Button variant="outline" className={className} disabled>
        Loading...
      </Button>
    );
  }
  if (!viewer?.isAdvisor) {
    return (
      <Button asChild variant="outline" className={className}>
        <Link
          to="/join-as-advisor"
          onClick={(e) => location.pathname === "/join-as-advisor" && e.preventDefault()}
        >
          Join As Advisor
        </Link>
      </Button>
    );
  }

  const onClick = () => {
    if (location.pathname === "/join-as-advisor") return;
    toast("You're already an advisor", { description: "Taking you to your advisor dashboard..." });
    void submit({ role: "advisor" }, { method: "post", action: "/api/role", navigate: false });
    setTimeout(() => void navigate("/dashboard"), REDIRECT_DELAY_MS);
  };

  return (
    <Button variant="outline" className={className} onClick={onClick}>
      Go to Dashboard
    </Button>
  );
}

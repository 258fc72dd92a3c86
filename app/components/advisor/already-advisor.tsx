import { BadgeCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { APPLICATION_MESSAGES as M } from "../../../core/messages/advisor";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { toast } from "../ui/toaster";

const REDIRECT_MS = 2000;

/** Someone whose application is past draft: told so, then taken to the dashboard. */
export function AlreadyAdvisor() {
  const navigate = useNavigate();
  useEffect(() => {
    toast(M.alreadyAdvisorTitle, { description: M.alreadyAdvisor });
    const timer = setTimeout(() => void navigate("/dashboard"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto grid w-full max-w-lg flex-1 content-center px-4 py-16">
      <Card className="grid justify-items-center gap-3 p-8 text-center" role="status">
        <BadgeCheck className="size-10 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{M.alreadyAdvisorTitle}</h1>
        <p className="text-muted">{M.alreadyAdvisor}. Taking you to your dashboard...</p>
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </Card>
    </div>
  );
}

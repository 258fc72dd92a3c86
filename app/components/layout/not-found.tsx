import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../ui/button";
import { DocumentTitle } from "./document-title";

/** A friendly page for an answer that is not an error of ours: what happened, and a way on. */
function StatusPage({
  code,
  title,
  text,
  children,
}: {
  code: number;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto grid max-w-xl flex-1 content-center justify-items-center gap-4 px-4 py-24 text-center">
      <DocumentTitle>{`${title} | BeenThere`}</DocumentTitle>
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        {code}
      </p>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

export function NotFound() {
  return (
    <StatusPage
      code={404}
      title="Oops! Page not found"
      text="The page you are looking for does not exist or has moved."
    >
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </StatusPage>
  );
}

/** A signed-in person on a page their role does not open (a seeker on an advisor's page). */
export function NotAllowed() {
  return (
    <StatusPage
      code={403}
      title="This page isn't available to you"
      text="It belongs to another kind of account. Your dashboard has everything you can do."
    >
      <Button asChild size="lg">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </StatusPage>
  );
}

/** A request the site refused as it was sent (a wrong method, type or size): what was wrong. */
export function RequestRefused({ code, message }: { code: number; message: string }) {
  return (
    <StatusPage code={code} title="That request could not be taken" text={message}>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </StatusPage>
  );
}

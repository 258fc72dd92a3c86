import { Link } from "react-router";
import { Button } from "../ui/button";

export function NotFound() {
  return (
    <section className="mx-auto grid max-w-xl flex-1 content-center justify-items-center gap-4 px-4 py-24 text-center">
      <title>Page not found | BeenThere</title>
      <p className="text-6xl font-bold text-brand-200" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}

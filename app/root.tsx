import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  Outlet,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { AUTH_MESSAGES as MESSAGES } from "../core/messages/auth";
import { getViewer } from "../server/auth/session.server";
import type { Route } from "./+types/root";
import siteCss from "./app.css?url";
import { DocumentTitle } from "./components/layout/document-title";
import { SiteStylesheet } from "./components/layout/site-stylesheet";
import { NotAllowed, NotFound, RequestRefused } from "./components/layout/not-found";
import { SiteFooter } from "./components/layout/site-footer";
import { unreadConversations } from "../server/conversations/conversations.server";
import { SiteHeader } from "./components/layout/site-header";
import { Button } from "./components/ui/button";
import { toast, Toaster } from "./components/ui/toaster";
import { revalidateUnlessQueryOnly } from "./lib/client-state";
import { takeFlash } from "./lib/flash";
import type { ViewerSummary } from "./lib/viewer";

/** Who is signed in changes with a submission or another page, never with a query alone. */
export const shouldRevalidate = revalidateUnlessQueryOnly;

/** The conversation a request's page opens (and its loader marks read), if any. */
function openedConversation(request: Request): string | undefined {
  const url = new URL(request.url);
  const match = /^\/messages\/([0-9a-f-]{36})(?:\.data)?$/i.exec(url.pathname);
  return match && !url.searchParams.has("before") ? match[1] : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  let viewer: ViewerSummary | null = null;
  let rolesFailed = false;
  try {
    const v = await getViewer(request, context);
    viewer = v && {
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      timeZone: v.timeZone,
      photoUrl: v.photoUrl,
      roles: v.roles,
      role: v.role,
      isAdvisor: v.advisorId !== null,
      // The header's "Messages" count: one query on the conversations' party indexes.
      unreadConversations: await unreadConversations(context.db, v, openedConversation(request)),
    };
  } catch (error) {
    // The site stays usable signed out; the person is told their account could not load.
    context.logger.error({ err: error }, "could not load the signed-in user");
    rolesFailed = true;
  }
  return { config: context.publicConfig, requestId: context.requestId, viewer, rolesFailed };
}

export function Layout({ children }: { children: ReactNode }) {
  // Marks the page interactive, so browser tests never type into a not-yet-hydrated form;
  // here rather than in App, so the error pages are marked too.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e5f59" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <SiteStylesheet href={siteCss} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  // A toast carried across a redirect (signed in, password changed, …).
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.kind ?? "success"](flash.title, { description: flash.description });
  }, [location.key]);
  useEffect(() => {
    if (loaderData.rolesFailed) {
      toast.error(MESSAGES.errorTitle, { description: MESSAGES.rolesFailed });
    }
  }, [loaderData.rolesFailed]);
  return <Outlet />;
}

/**
 * "Not found" and "not allowed" answers get their own friendly page with a way back; anything
 * unexpected gets the error page, its details in the server log only.
 */
/**
 * Leaving an error page by a client-side navigation breaks Preact's render (ADR 86): from an
 * error page every link of this site loads the whole page instead.
 */
function useWholePageLinks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== location.origin)
        return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.assign(link.href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useWholePageLinks();
  const root = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NotAllowed />;
  // A refused request body (app/lib/request-body.ts) answers `{ error }`: say what was wrong.
  const refused = isRouteErrorResponse(error) && (error.data as { error?: unknown } | null)?.error;
  if (isRouteErrorResponse(error) && typeof refused === "string" && error.status < 500) {
    return <RequestRefused code={error.status} message={refused} />;
  }
  return (
    <section className="mx-auto grid max-w-xl flex-1 content-center justify-items-center gap-4 px-4 py-24 text-center">
      <DocumentTitle>Something went wrong | BeenThere</DocumentTitle>
      <p className="text-sm font-semibold text-brand-700">Error</p>
      <h1 className="text-3xl font-bold">Something went wrong on our side</h1>
      <p className="text-muted">
        Sorry about that. Please try again in a moment; if it keeps happening, contact support
        {root?.requestId ? " and quote the reference below" : ""}.
      </p>
      {root?.requestId ? (
        <p className="rounded-md bg-slate-100 px-3 py-1 font-mono text-xs text-muted">
          Reference: {root.requestId}
        </p>
      ) : null}
      <Button asChild>
        <a href="/">Return to Home</a>
      </Button>
    </section>
  );
}

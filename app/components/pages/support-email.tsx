import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root";
import { TextLink } from "./prose-page";

/** The support address from the deployment's configuration (root loader data). */
export function useSupportEmail(): string {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root?.config.supportEmail ?? "support@beenthere.example";
}

/** The support address as a mailto link, for use in running text. */
export function SupportEmailLink() {
  const email = useSupportEmail();
  return <TextLink to={`mailto:${email}`}>{email}</TextLink>;
}

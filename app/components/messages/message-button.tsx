import { MessagesSquare } from "lucide-react";
import { Form } from "react-router";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { Button } from "../ui/button";

/**
 * "Message": opens the conversation with the other person (a seeker names the advisor, an
 * advisor the seeker); the server decides whether they may (POST /messages/open).
 */
export function MessageButton({
  other,
  label = M.openButton,
  size = "sm",
  className,
}: {
  other: { advisorId: string } | { seekerId: string };
  label?: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const [name, value] =
    "advisorId" in other ? ["advisorId", other.advisorId] : ["seekerId", other.seekerId];
  return (
    <Form method="post" action="/messages/open" className={className}>
      <input type="hidden" name={name} value={value} />
      <Button type="submit" size={size} variant="outline">
        <MessagesSquare aria-hidden="true" /> {label}
      </Button>
    </Form>
  );
}

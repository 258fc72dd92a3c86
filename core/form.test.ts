import { z } from "zod";
import { describe, expect, it } from "vitest";
import { firstErrorPerField, validateForm } from "./form";

/* The one way a failed parse becomes messages, for forms and APIs alike. */
const schema = z
  .object({
    name: z.string().min(1, "Name is required").max(3, "Name is too long"),
    tags: z.array(z.string().min(2, "Tag too short")).min(1, "Add a tag"),
  })
  .refine((v) => v.name !== "bad", "Not allowed");

describe("firstErrorPerField", () => {
  it("keeps each field's first message, by the first key of its path", () => {
    const parsed = schema.safeParse({ name: "", tags: ["a", "b"] });
    expect(firstErrorPerField(parsed.error!)).toEqual({
      name: "Name is required",
      tags: "Tag too short", // tags.0 and tags.1 both fail: one message
    });
  });

  it("puts an issue about the whole value under form", () => {
    const parsed = schema.safeParse({ name: "bad", tags: ["ok"] });
    expect(firstErrorPerField(parsed.error!)).toEqual({ form: "Not allowed" });
  });
});

describe("validateForm", () => {
  it("gives only the schema's own fields, so a form shows nothing it has no place for", () => {
    const result = validateForm(schema, { name: "bad", tags: [] });
    expect(result).toEqual({ success: false, fieldErrors: { tags: "Add a tag" } });
  });
});

import { describe, expect, it } from "vitest";
import { CONTACT_TOPICS } from "./contact";
import { validateForm } from "./form";
import { contactSchema } from "./forms/contact";
import { CONTACT_MESSAGES } from "./messages/contact";

const validateContact = (values: unknown) => validateForm(contactSchema, values);

const valid = {
  name: "Priya Nair",
  email: "priya@example.com",
  topic: "Refund",
  message: "My session was cancelled by the advisor. When will I get my refund?",
};

describe("the contact schema", () => {
  it("accepts a complete message and tidies it", () => {
    const result = validateContact({
      ...valid,
      name: "  Priya   Nair ",
      email: " priya@example.com ",
      message: "  Line one\r\nLine two  ",
    });
    expect(result).toEqual({
      success: true,
      data: {
        name: "Priya Nair",
        email: "priya@example.com",
        topic: "Refund",
        message: "Line one\nLine two",
      },
    });
  });

  it("accepts every topic the form offers", () => {
    for (const topic of CONTACT_TOPICS) {
      expect(contactSchema.safeParse({ ...valid, topic }).success).toBe(true);
    }
  });

  it("gives one message per field for an empty form", () => {
    expect(validateContact({ name: "", email: "", topic: "", message: "" })).toEqual({
      success: false,
      fieldErrors: {
        name: "Please enter your name.",
        email: "Please enter a valid email address.",
        topic: "Please choose a topic.",
        message: "Please write at least 10 characters.",
      },
    });
  });

  it("treats missing and non-text fields as empty", () => {
    expect(validateContact({})).toEqual({
      success: false,
      fieldErrors: {
        name: "Please enter your name.",
        email: "Please enter a valid email address.",
        topic: "Please choose a topic.",
        message: "Please write at least 10 characters.",
      },
    });
    expect(validateContact(null)).toMatchObject({ success: false });
  });

  it("requires a name of at most 100 characters, ignoring blanks", () => {
    expect(validateContact({ ...valid, name: "   " })).toMatchObject({
      fieldErrors: { name: "Please enter your name." },
    });
    expect(validateContact({ ...valid, name: "a".repeat(100) }).success).toBe(true);
    expect(validateContact({ ...valid, name: "a".repeat(101) })).toMatchObject({
      fieldErrors: { name: "Please keep your name to 100 characters or fewer." },
    });
  });

  it.each(["priya", "priya@", "@example.com", "priya@example", "pri ya@example.com"])(
    "rejects the e-mail %j",
    (email) => {
      expect(validateContact({ ...valid, email })).toEqual({
        success: false,
        fieldErrors: { email: "Please enter a valid email address." },
      });
    },
  );

  it("rejects a topic that is not on the list", () => {
    expect(validateContact({ ...valid, topic: "Sales" })).toEqual({
      success: false,
      fieldErrors: { topic: "Please choose a topic." },
    });
  });

  it("needs a message of 10 to 2000 characters, counted after trimming", () => {
    expect(validateContact({ ...valid, message: "Too short" })).toMatchObject({
      fieldErrors: { message: "Please write at least 10 characters." },
    });
    expect(validateContact({ ...valid, message: "   123456789   " })).toMatchObject({
      fieldErrors: { message: "Please write at least 10 characters." },
    });
    expect(validateContact({ ...valid, message: "1234567890" }).success).toBe(true);
    expect(validateContact({ ...valid, message: "x".repeat(2000) }).success).toBe(true);
    expect(validateContact({ ...valid, message: "x".repeat(2001) })).toMatchObject({
      fieldErrors: { message: "Please keep your message to 2000 characters or fewer." },
    });
  });

  it("counts a CRLF line break as one character", () => {
    const lines = `${"x".repeat(999)}\r\n${"y".repeat(1000)}`; // 2000 once normalised
    expect(validateContact({ ...valid, message: lines }).success).toBe(true);
  });
});

describe("the too-many-messages message", () => {
  it.each([
    [3600, "Too many messages. Please try again in 60 minutes."],
    [61, "Too many messages. Please try again in 2 minutes."],
    [60, "Too many messages. Please try again in 1 minute."],
    [1, "Too many messages. Please try again in 1 minute."],
  ])("after %s seconds: %s", (seconds, message) => {
    expect(CONTACT_MESSAGES.tooManyMessages(seconds)).toBe(message);
  });
});

import { describe, expect, it } from "vitest";
import { validateForm } from "../form";
import { forgotPasswordSchema, newPasswordSchema, signInSchema, signUpSchema } from "./auth";

describe("account forms", () => {
  it("require names with the product's message and 8-character passwords", () => {
    const result = signUpSchema.safeParse({
      firstName: " ",
      lastName: "Rao",
      email: "a@b.co",
      password: "12345678",
    });
    expect(result.error?.issues[0]?.message).toBe("Please fill in all required fields.");
    const weak = signUpSchema.safeParse({
      firstName: "A",
      lastName: "B",
      email: "a@b.co",
      password: "1234567",
    });
    expect(weak.error?.issues[0]?.message).toBe("Password must be at least 8 characters long.");
    const ok = signUpSchema.parse({
      firstName: " Anu ",
      lastName: "Rao",
      email: " A@B.CO ",
      password: "12345678",
    });
    expect(ok).toEqual({
      firstName: "Anu",
      lastName: "Rao",
      email: "a@b.co",
      password: "12345678",
    });
  });

  it("check that new passwords match", () => {
    const result = newPasswordSchema.safeParse({
      password: "12345678",
      confirmPassword: "12345679",
      token: "t",
    });
    expect(result.error?.issues[0]?.message).toBe("Passwords do not match");
  });
});

describe("sign-up names", () => {
  it("say a name is too long, not that it is missing", () => {
    const long = "A".repeat(300);
    const values = { firstName: long, lastName: long, email: "a@b.co", password: "12345678" };
    expect(validateForm(signUpSchema, values)).toEqual({
      success: false,
      fieldErrors: {
        firstName: "First name must be 100 characters or less",
        lastName: "Last name must be 100 characters or less",
      },
    });
    const fits = { ...values, firstName: "A".repeat(100), lastName: "B" };
    expect(validateForm(signUpSchema, fits).success).toBe(true);
  });
});

describe("form values", () => {
  it("give one message per field, beside the field that has it", () => {
    expect(
      validateForm(signUpSchema, { firstName: "", lastName: "Rao", email: "x", password: "1" }),
    ).toEqual({
      success: false,
      fieldErrors: {
        firstName: "Please fill in all required fields.",
        email: "Please enter a valid email address.",
        password: "Password must be at least 8 characters long.",
      },
    });
    expect(
      validateForm(newPasswordSchema, { password: "12345678", confirmPassword: "x", token: "t" }),
    ).toEqual({ success: false, fieldErrors: { confirmPassword: "Passwords do not match" } });
    expect(validateForm(forgotPasswordSchema, { email: "" })).toEqual({
      success: false,
      fieldErrors: { email: "Please enter a valid email address." },
    });
  });

  it("read an unticked checkbox as false and a ticked one as true", () => {
    const base = { email: "a@b.co", password: "x" };
    expect(signInSchema.parse({ ...base, rememberMe: "" }).rememberMe).toBe(false);
    expect(signInSchema.parse({ ...base, rememberMe: "on" }).rememberMe).toBe(true);
  });
});

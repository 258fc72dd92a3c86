import { describe, expect, it } from "vitest";
import { dashboardGreeting } from "./dashboard";

describe("dashboardGreeting", () => {
  it('says "back" only to someone who has been here before', () => {
    expect(dashboardGreeting("Kavya", false)).toBe("Welcome, Kavya!");
    expect(dashboardGreeting("Kavya", true)).toBe("Welcome back, Kavya!");
  });
  it("needs no name", () => {
    expect(dashboardGreeting(" ", false)).toBe("Welcome!");
    expect(dashboardGreeting("", true)).toBe("Welcome back!");
  });
});

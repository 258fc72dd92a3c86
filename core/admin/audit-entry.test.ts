import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions";
import { type AuditRecord, describeAudit } from "./audit-entry";

/*
 * Each entry below is shaped exactly as the server writes it (the writeAudit calls in
 * server/admin, server/advisors, server/bookings and server/payouts): every action reads as a
 * sentence, every change as "whose what: before → after", never as a raw field name.
 */
const ROHAN = "Rohan Kapoor";
const PRIYA = "Priya Sharma <priya.sharma@example.com>";
const ADITYA = "Aditya Verma <aditya.verma@example.com>";

const entry = (action: AuditAction, details: Record<string, unknown>): AuditRecord => ({
  action,
  actorName: ROHAN,
  details: { before: null, after: null, ...details },
});

/** One entry per action, as the server writes it. */
const EVERY_ACTION: Record<AuditAction, AuditRecord> = {
  "admin.grant": entry("admin.grant", {
    targetLabel: ADITYA,
    before: { admin: "N" },
    after: { admin: "Y" },
  }),
  "admin.revoke": entry("admin.revoke", {
    targetLabel: ADITYA,
    before: { admin: "Y" },
    after: { admin: "N" },
  }),
  "advisor.approve": entry("advisor.approve", {
    targetLabel: PRIYA,
    before: { profile_status: "pending" },
    after: { profile_status: "approved" },
  }),
  "advisor.reject": entry("advisor.reject", {
    targetLabel: PRIYA,
    before: { profile_status: "approved" },
    after: { profile_status: "rejected" },
    note: "Please add a LinkedIn profile.",
  }),
  "advisor.edit": entry("advisor.edit", {
    targetLabel: PRIYA,
    before: { hourly_rate_inr: 4500 },
    after: { hourly_rate_inr: 5000 },
  }),
  "advisor.changes_approve": entry("advisor.changes_approve", {
    targetLabel: PRIYA,
    before: { hourly_rate_inr: 4500, skills: ["SQL"], headshot_url: "/uploads/a.webp" },
    after: { hourly_rate_inr: 5000, skills: ["SQL", "Python"], headshot_url: "/uploads/b.webp" },
  }),
  "advisor.changes_reject": entry("advisor.changes_reject", {
    targetLabel: PRIYA,
    before: { short_intro: "Product lead" },
    after: { short_intro: "Call me on WhatsApp" },
    note: "Contact details belong on the platform.",
  }),
  "advisor.create": entry("advisor.create", {
    targetLabel: "Ishita Banerjee <ishita@example.com>",
    after: {
      email: "ishita@example.com",
      profile_status: "pending_activation",
      user_active: false,
    },
  }),
  "advisor.invite_resent": entry("advisor.invite_resent", {
    targetLabel: "Ishita Banerjee <ishita@example.com>",
    after: { invitation_sent_to: "ishita@example.com" },
  }),
  "booking.cancel": entry("booking.cancel", {
    targetLabel: `Aarav Mehta <aarav.mehta@example.com> with ${PRIYA}`,
    before: { status: "confirmed", cancellation_reason: null },
    after: { status: "cancelled", cancellation_reason: "Advisor unwell" },
  }),
  "booking.reschedule": entry("booking.reschedule", {
    targetLabel: `Aarav Mehta <aarav.mehta@example.com> with ${PRIYA}`,
    before: { datetime: "2026-11-24T09:30:00.000Z" },
    after: { datetime: "2026-11-25T10:30:00.000Z" },
  }),
  "payout.retry": entry("payout.retry", {
    targetLabel: `₹4,720 to ${PRIYA}`,
    before: { status: "failed", lastError: "Account closed", attempts: 5, released: false },
    after: { status: "pending", lastError: null, attempts: 0, released: false },
  }),
  "message.retry": entry("message.retry", {
    targetLabel: "WhatsApp reminder to Aditya Verma",
    before: { status: "failed", lastError: "WhatsApp 400 (131026): Message undeliverable" },
    after: { status: "queued" },
  }),
  "ledger.reconcile": entry("ledger.reconcile", {
    targetLabel: "Ledger reconciliation",
    after: { differences: 0 },
  }),
  "account.export_request": entry("account.export_request", { targetLabel: ADITYA }),
  "account.export_download": entry("account.export_download", { targetLabel: ADITYA }),
  "account.delete": entry("account.delete", {
    targetLabel: "Former member",
    after: { by: "admin", sessions_cancelled: 2, refunded_paise: 236000 },
  }),
  "no_show.decide": entry("no_show.decide", {
    targetLabel: `Aarav Mehta <aarav.mehta@example.com> with ${PRIYA}`,
    before: { status: "disputed", reported_by: "seeker" },
    after: { outcome: "advisor_absent" },
  }),
  "advisor.restore_search": entry("advisor.restore_search", {
    targetLabel: PRIYA,
    before: { hidden_for_no_shows_at: "2026-11-20T10:00:00.000Z" },
    after: { hidden_for_no_shows_at: null },
  }),
  "report.read": entry("report.read", { targetLabel: ADITYA, after: { messages_shown: 12 } }),
  "report.attachment_download": entry("report.attachment_download", {
    targetLabel: ADITYA,
    after: { file_name: "offer.pdf" },
  }),
  "report.dismiss": entry("report.dismiss", {
    targetLabel: ADITYA,
    after: { outcome: "dismissed" },
    note: "Rude replies",
  }),
  "report.warn": entry("report.warn", {
    targetLabel: ADITYA,
    after: { outcome: "warned" },
    note: "Rude replies",
  }),
  "report.block_messaging": entry("report.block_messaging", {
    targetLabel: ADITYA,
    before: { messaging_blocked: false },
    after: { outcome: "blocked_from_messaging", messaging_blocked: true },
    note: "Asked for payment on WhatsApp",
  }),
  "report.suspend": entry("report.suspend", {
    targetLabel: ADITYA,
    before: { active: true },
    after: { outcome: "suspended", active: false },
    note: "Threats",
  }),
  "user.unblock_messaging": entry("user.unblock_messaging", {
    targetLabel: ADITYA,
    before: { messaging_blocked: true },
    after: { messaging_blocked: false },
  }),
  "package.hide": entry("package.hide", {
    targetLabel: PRIYA,
    before: { hidden: false },
    after: { hidden: true },
    note: "Job search sprint",
  }),
  "package.show": entry("package.show", {
    targetLabel: PRIYA,
    before: { hidden: true },
    after: { hidden: false },
    note: "Job search sprint",
  }),
  "package.withdraw": entry("package.withdraw", {
    targetLabel: "Three mornings",
    after: { status: "withdrawn", refundPaise: 188_800 },
  }),
};

describe("an audit entry in words", () => {
  it("has a sentence for every action the log records", () => {
    expect(Object.keys(EVERY_ACTION).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    const read = Object.fromEntries(
      Object.entries(EVERY_ACTION).map(([action, record]) => [action, describeAudit(record)]),
    );
    expect(read).toEqual({
      "admin.grant": {
        sentence: "Rohan Kapoor made Aditya Verma an admin.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "admin.revoke": {
        sentence: "Rohan Kapoor revoked Aditya Verma's admin role.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "advisor.approve": {
        sentence: "Rohan Kapoor approved Priya Sharma as an advisor.",
        changes: ["Priya Sharma's profile status: Pending review → Approved"],
        contacts: "priya.sharma@example.com",
      },
      "advisor.reject": {
        sentence: "Rohan Kapoor rejected Priya Sharma's advisor profile.",
        changes: [
          "Priya Sharma's profile status: Approved → Rejected",
          "Reason: Please add a LinkedIn profile.",
        ],
        contacts: "priya.sharma@example.com",
      },
      "advisor.edit": {
        sentence: "Rohan Kapoor edited Priya Sharma's advisor profile.",
        changes: ["Priya Sharma's hourly rate: ₹4,500 → ₹5,000"],
        contacts: "priya.sharma@example.com",
      },
      "advisor.changes_approve": {
        sentence: "Rohan Kapoor approved Priya Sharma's profile changes.",
        changes: [
          "Priya Sharma's hourly rate: ₹4,500 → ₹5,000",
          "Priya Sharma's skills: added Python",
          "Priya Sharma's photo was replaced",
        ],
        contacts: "priya.sharma@example.com",
      },
      "advisor.changes_reject": {
        sentence:
          "Rohan Kapoor turned down Priya Sharma's profile changes; the live profile stays as it was.",
        changes: [
          "Priya Sharma's short introduction: “Product lead” → “Call me on WhatsApp”",
          "Reason: Contact details belong on the platform.",
        ],
        contacts: "priya.sharma@example.com",
      },
      "advisor.create": {
        sentence:
          "Rohan Kapoor added Ishita Banerjee as an advisor and sent them an activation e-mail.",
        changes: [],
        contacts: "ishita@example.com",
      },
      "advisor.invite_resent": {
        sentence: "Rohan Kapoor sent Ishita Banerjee's activation e-mail again.",
        changes: [],
        contacts: "ishita@example.com",
      },
      "booking.cancel": {
        sentence: "Rohan Kapoor cancelled Aarav Mehta's session with Priya Sharma.",
        changes: ["Reason: Advisor unwell"],
        contacts: "aarav.mehta@example.com with priya.sharma@example.com",
      },
      "booking.reschedule": {
        sentence: "Rohan Kapoor rescheduled Aarav Mehta's session with Priya Sharma.",
        changes: [
          "Session time: Tue, 24 Nov 2026, 3:00 PM → Wed, 25 Nov 2026, 4:00 PM (Asia/Kolkata)",
        ],
        contacts: "aarav.mehta@example.com with priya.sharma@example.com",
      },
      "payout.retry": {
        sentence: "Rohan Kapoor retried the failed payout of ₹4,720 to Priya Sharma.",
        changes: ["It had failed with: Account closed", "It goes out with the next payout run."],
        contacts: "priya.sharma@example.com",
      },
      "message.retry": {
        sentence: "Rohan Kapoor queued the failed WhatsApp reminder to Aditya Verma again.",
        changes: ["It had failed with: WhatsApp 400 (131026): Message undeliverable"],
        contacts: null,
      },
      "ledger.reconcile": {
        sentence: "Rohan Kapoor ran the ledger reconciliation: no differences found.",
        changes: [],
        contacts: null,
      },
      "account.export_request": {
        sentence: "Rohan Kapoor asked for a copy of their data.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "account.export_download": {
        sentence: "Rohan Kapoor downloaded a copy of their data.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "account.delete": {
        sentence: "Rohan Kapoor deleted an account on its owner's request.",
        changes: ["Upcoming sessions cancelled: 2"],
        contacts: null,
      },
      "no_show.decide": {
        sentence:
          "Rohan Kapoor decided the disputed no-show of Aarav Mehta's session with Priya Sharma: Priya Sharma did not come; the seeker is refunded in full.",
        changes: [],
        contacts: "aarav.mehta@example.com with priya.sharma@example.com",
      },
      "advisor.restore_search": {
        sentence:
          "Rohan Kapoor listed Priya Sharma in search again after their no-shows were reviewed.",
        changes: [],
        contacts: "priya.sharma@example.com",
      },
      "report.read": {
        sentence: "Rohan Kapoor read the conversation in which Aditya Verma was reported.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "report.attachment_download": {
        sentence:
          "Rohan Kapoor downloaded offer.pdf from the conversation in which Aditya Verma was reported.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "report.dismiss": {
        sentence: "Rohan Kapoor dismissed the report about Aditya Verma.",
        changes: ["Reason: Rude replies"],
        contacts: "aditya.verma@example.com",
      },
      "report.warn": {
        sentence: "Rohan Kapoor warned Aditya Verma about their messages.",
        changes: ["Reason: Rude replies"],
        contacts: "aditya.verma@example.com",
      },
      "report.block_messaging": {
        sentence: "Rohan Kapoor blocked Aditya Verma from sending messages.",
        changes: ["Reason: Asked for payment on WhatsApp"],
        contacts: "aditya.verma@example.com",
      },
      "report.suspend": {
        sentence: "Rohan Kapoor suspended Aditya Verma's account.",
        changes: ["Reason: Threats"],
        contacts: "aditya.verma@example.com",
      },
      "package.hide": {
        sentence: 'Rohan Kapoor hid Priya Sharma\'s package "Job search sprint".',
        changes: [],
        contacts: "priya.sharma@example.com",
      },
      "package.show": {
        sentence: 'Rohan Kapoor showed Priya Sharma\'s package "Job search sprint" again.',
        changes: [],
        contacts: "priya.sharma@example.com",
      },
      "user.unblock_messaging": {
        sentence: "Rohan Kapoor let Aditya Verma send messages again.",
        changes: [],
        contacts: "aditya.verma@example.com",
      },
      "package.withdraw": {
        sentence:
          'Rohan Kapoor withdrew the bought package "Three mornings", refunding ₹1,888 for its unused sessions.',
        changes: [],
        contacts: null,
      },
    });
  });

  it("says every field of an admin's profile edit in words", () => {
    const { changes } = describeAudit(
      entry("advisor.edit", {
        targetLabel: PRIYA,
        before: {
          phone: null,
          job_title: "Product Manager",
          current_company: "Flipkart",
          total_experience_years: 1,
          linkedin_url: "NA",
          work_locations: ["Bengaluru", "Pune"],
          short_intro: "PM who moved to Bengaluru.",
          about: "x".repeat(120),
          skills: ["Roadmaps", "Excel"],
          career_advice_topics: ["Career Change"],
          personal_advice_topics: ["Networking", "Managing Stress"],
          business_advice_topics: [],
          hourly_rate_inr: 0,
          profile_status: "approved",
          availability: {
            timeZone: "Asia/Kolkata",
            windows: {
              "1": [{ start: "09:00", end: "12:00" }],
              "3": [{ start: "10:00", end: "11:00" }],
            },
          },
          headshot_url: "/uploads/headshots/old.webp",
        },
        after: {
          phone: "+91 98300 12345",
          job_title: "Senior Product Manager",
          current_company: "Swiggy",
          total_experience_years: 12,
          linkedin_url: "https://www.linkedin.com/in/priya",
          work_locations: ["Bengaluru", "Dubai"],
          short_intro: "",
          about: "A new story.",
          skills: ["Roadmaps", "Python", "SQL"],
          career_advice_topics: ["Career Change", "Interview Preparation"],
          personal_advice_topics: ["Managing Stress", "Networking"],
          business_advice_topics: ["Pricing"],
          hourly_rate_inr: 5000,
          profile_status: "pending",
          availability: {
            timeZone: "Asia/Dubai",
            windows: {
              "1": [
                { start: "09:00", end: "12:00" },
                { start: "14:00", end: "17:00" },
              ],
              "5": [{ start: "18:00", end: "24:00" }],
            },
          },
          headshot_url: "/uploads/headshots/new.webp",
        },
      }),
    );
    expect(changes).toEqual([
      "Priya Sharma's phone number: none → +91 98300 12345",
      "Priya Sharma's job title: Product Manager → Senior Product Manager",
      "Priya Sharma's company: Flipkart → Swiggy",
      "Priya Sharma's experience: 1 year → 12 years",
      "Priya Sharma's LinkedIn URL: NA → https://www.linkedin.com/in/priya",
      "Priya Sharma's work locations: added Dubai; removed Pune",
      "Priya Sharma's short introduction: “PM who moved to Bengaluru.” → none",
      `Priya Sharma's About text: “${"x".repeat(80)}...” → “A new story.”`,
      "Priya Sharma's skills: added Python, SQL; removed Excel",
      "Priya Sharma's career advice topics: added Interview Preparation",
      "Priya Sharma's personal advice topics: reordered",
      "Priya Sharma's business advice topics: added Pricing",
      "Priya Sharma's hourly rate: Pro bono → ₹5,000",
      "Priya Sharma's profile status: Approved → Pending review",
      "Priya Sharma's availability time zone: Asia/Kolkata → Asia/Dubai",
      "Priya Sharma's Monday hours: 09:00–12:00 → 09:00–12:00, 14:00–17:00",
      "Priya Sharma's Wednesday hours: 10:00–11:00 → none",
      "Priya Sharma's Friday hours: none → 18:00–24:00",
      "Priya Sharma's photo was replaced",
    ]);
  });

  it("reads a first schedule and a first photo as added", () => {
    const { changes } = describeAudit(
      entry("advisor.edit", {
        targetLabel: PRIYA,
        before: { availability: null, headshot_url: null },
        after: {
          availability: {
            timeZone: "Asia/Kolkata",
            windows: { "2": [{ start: "09:00", end: "10:00" }] },
          },
          headshot_url: "/uploads/headshots/new.webp",
        },
      }),
    );
    expect(changes).toEqual([
      "Priya Sharma's availability time zone: none → Asia/Kolkata",
      "Priya Sharma's Tuesday hours: none → 09:00–10:00",
      "Priya Sharma's photo was added",
    ]);
  });

  it("words a payout waiting for its account, and reconciliations that found differences", () => {
    const waiting = describeAudit(
      entry("payout.retry", {
        targetLabel: `₹368.75 to ${PRIYA}`,
        before: { status: "failed", lastError: null, attempts: 2, released: false },
        after: { status: "awaiting_account", lastError: null, attempts: 0, released: false },
      }),
    );
    expect(waiting).toEqual({
      sentence: "Rohan Kapoor retried the failed payout of ₹368.75 to Priya Sharma.",
      changes: ["It waits for Priya Sharma's payout account to be activated."],
      contacts: "priya.sharma@example.com",
    });
    const one = entry("ledger.reconcile", { targetLabel: "x", after: { differences: 1 } });
    expect(describeAudit(one).sentence).toBe(
      "Rohan Kapoor ran the ledger reconciliation: 1 difference found.",
    );
    const many = entry("ledger.reconcile", { targetLabel: "x", after: { differences: 3 } });
    expect(describeAudit(many).sentence).toBe(
      "Rohan Kapoor ran the ledger reconciliation: 3 differences found.",
    );
  });

  it("names a deleted admin, leaves out an empty reason, and keeps a cancel without a reason short", () => {
    const cancel = describeAudit({
      ...EVERY_ACTION["booking.cancel"],
      actorName: null,
      details: {
        targetLabel: `Aarav Mehta <aarav.mehta@example.com> with ${PRIYA}`,
        before: { status: "confirmed", cancellation_reason: null },
        after: { status: "cancelled", cancellation_reason: null },
      },
    });
    expect(cancel.sentence).toBe(
      "A deleted user cancelled Aarav Mehta's session with Priya Sharma.",
    );
    expect(cancel.changes).toEqual([]);
    const reject = describeAudit({
      ...EVERY_ACTION["advisor.reject"],
      details: { ...EVERY_ACTION["advisor.reject"].details, note: undefined },
    });
    expect(reject.changes).toEqual(["Priya Sharma's profile status: Approved → Rejected"]);
  });

  it("reads an action or a field it does not know as words, never as JSON", () => {
    const unknown = describeAudit({
      action: "advisor.suspend",
      actorName: ROHAN,
      details: {
        targetLabel: PRIYA,
        before: { is_active: true, lastError: null },
        after: { is_active: false, lastError: "x" },
        note: "Repeated no-shows",
      },
    });
    expect(unknown).toEqual({
      sentence: "Rohan Kapoor: advisor.suspend (Priya Sharma).",
      changes: [
        "Priya Sharma's is active: yes → no",
        "Priya Sharma's last error: none → x",
        "Reason: Repeated no-shows",
      ],
      contacts: "priya.sharma@example.com",
    });
    // A label the server did not write as "name <e-mail>" is shown as it is.
    expect(describeAudit(entry("admin.grant", { targetLabel: "Someone" }))).toEqual({
      sentence: "Rohan Kapoor made Someone an admin.",
      changes: [],
      contacts: null,
    });
    expect(describeAudit({ action: "admin.grant", actorName: ROHAN, details: null }).sentence).toBe(
      "Rohan Kapoor made someone an admin.",
    );
  });
});

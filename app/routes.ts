import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("advisors", "routes/advisors.tsx"),
  route("advisor/:id", "routes/advisor-profile.tsx"),
  route("api/advisors", "routes/api/advisors.ts"),
  route("api/advisors/suggestions", "routes/api/advisor-suggestions.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  // Static and legal pages
  route("about", "routes/pages/about.tsx"),
  route("contact", "routes/pages/contact.tsx"),
  route("terms", "routes/pages/terms.tsx"),
  route("privacy", "routes/pages/privacy.tsx"),
  route("cancellation-refunds", "routes/pages/cancellation-refunds.tsx"),
  route("advisor-agreement", "routes/pages/advisor-agreement.tsx"),
  route("code-of-conduct", "routes/pages/code-of-conduct.tsx"),

  // Accounts
  route("auth", "routes/auth/auth.tsx"),
  route("auth/callback", "routes/auth/callback.tsx"),
  route("auth/logout", "routes/auth/logout.ts"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/role", "routes/api/role.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("api/passkey/sign-in", "routes/api/passkey-sign-in.ts"),
  route("api/passkey/register", "routes/api/passkey-register.ts"),
  route("settings", "routes/settings/layout.tsx", [
    index("routes/settings/profile.tsx"),
    route("account", "routes/settings/account.tsx"),
    route("security", "routes/settings/security.tsx"),
    route("notifications", "routes/settings/notifications.tsx"),
    route("privacy", "routes/settings/privacy.tsx"),
  ]),
  route("account/undo-email-change", "routes/account-undo-email-change.tsx"),
  route("api/profile-photo", "routes/api/profile-photo.ts"),
  route("settings/privacy/exports/:id", "routes/settings/export-download.ts"),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("dev/messages", "routes/dev/messages.tsx"),

  // Availability and time slots
  route("api/advisors/:id/slots", "routes/api/advisor-slots.ts"),
  route("api/advisors/:id/dates", "routes/api/advisor-dates.ts"),
  route("dashboard/availability", "routes/dashboard.availability.tsx"),
  route(
    "dashboard/availability/google-calendar",
    "routes/dashboard.availability.google-calendar.ts",
  ),
  route("api/calendar/google/notifications", "routes/api/calendar-notifications.ts"),

  // The advisor's earnings and statements
  route("dashboard/earnings", "routes/dashboard.earnings.tsx"),
  route("dashboard/earnings/statement", "routes/dashboard.earnings.statement.tsx"),
  route("dashboard/earnings/statement.csv", "routes/dashboard.earnings.statement-csv.ts"),

  // The packages an advisor sells, and the admin's list of them (issue 40)
  route("dashboard/packages", "routes/dashboard.packages.tsx"),
  route("admin/packages", "routes/admin/packages.tsx"),

  // Booking and payment
  route("api/bookings", "routes/api/bookings.ts"),
  route("api/discovery-calls", "routes/api/discovery-calls.ts"),
  route("api/payments/verify", "routes/api/payments.verify.ts"),
  route("api/payments/release", "routes/api/payments.release.ts"),
  route("api/test-checkout", "routes/api/test-checkout.ts"),
  route("api/webhooks/razorpay", "routes/api/webhooks.razorpay.ts"),
  route("api/webhooks/whatsapp", "routes/api/webhooks.whatsapp.ts"),
  route("api/webhooks/msg91", "routes/api/webhooks.msg91.ts"),
  route("booking-confirmed", "routes/booking-confirmed.tsx"),
  route("booking-confirmed/receipt", "routes/booking-receipt.tsx"),
  route("sessions/:id/calendar.ics", "routes/session-calendar.ts"),
  route("free-discovery-call", "routes/free-discovery-call.tsx"),

  // Packages of sessions (issue 40)
  route("advisor/:id/packages/:packageId/buy", "routes/packages/buy.tsx"),
  route("api/advisors/:id/packages/:packageId/orders", "routes/api/package-orders.ts"),
  route("packages", "routes/packages/list.tsx"),
  route("packages/:purchaseId", "routes/packages/package.tsx"),
  route("packages/:purchaseId/receipt", "routes/packages/receipt.tsx"),
  // Paid questions (issue 40)
  route("dashboard/questions", "routes/dashboard.questions.tsx"),
  route("advisor/:id/ask", "routes/questions/ask.tsx"),
  route("api/advisors/:id/questions", "routes/api/question-orders.ts"),
  route("questions", "routes/questions/list.tsx"),
  route("questions/:questionId", "routes/questions/question.tsx"),
  route("questions/:questionId/receipt", "routes/questions/receipt.tsx"),

  // Conversations between a seeker and an advisor (issue 39)
  route("messages", "routes/messages/inbox.tsx"),
  route("messages/open", "routes/messages/open.ts"),
  route("messages/stream", "routes/messages/stream.ts"),
  route("messages/:conversationId", "routes/messages/conversation.tsx"),

  // Advisor onboarding and profile
  route("become-advisor", "routes/become-advisor.tsx"),
  route("join-as-advisor", "routes/become-advisor.tsx", { id: "join-as-advisor" }),
  route("become-advisor/apply", "routes/become-advisor.apply.tsx"),
  route("advisor/:id/edit", "routes/advisor-edit.tsx"),
  route("api/advisor/headshot", "routes/api/advisor-headshot.ts"),
  route("api/advisor/bank-details", "routes/api/advisor-bank-details.ts"),

  // Admin screens (admins only; everyone else gets the 404 page)
  route("admin/users", "routes/admin/users.tsx"),
  route("admin/users/:id/delete", "routes/admin/user-delete.tsx"),
  route("admin/advisors", "routes/admin/advisors.tsx"),
  route("admin/advisors/new", "routes/admin/advisors.new.tsx"),
  route("admin/advisors/:id/profile", "routes/admin/advisor-profile.ts"),
  route("admin/advisors/:id/changes", "routes/admin/advisor-changes.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/payouts", "routes/admin/payouts.tsx"),
  route("admin/messages", "routes/admin/messages.tsx"),
  route("admin/no-shows", "routes/admin/no-shows.tsx"),
  route("advisor-debug", "routes/admin/advisor-debug.tsx"),

  // Conversations' files and reports (issue 39, part B)
  route("api/messages/attachments", "routes/api/message-attachments.ts"),
  route("messages/attachments/:attachmentId", "routes/messages/attachment-download.ts"),
  route("messages/:conversationId/report", "routes/messages/report.ts"),
  route("admin/reports", "routes/admin/reports.tsx"),

  // Anything else: the 404 page, with the missing path logged.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

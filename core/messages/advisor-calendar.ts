/*
 * Every text of the advisor's Google Calendar connection (availability page and dashboard),
 * each defined once.
 */
export const ADVISOR_CALENDAR_MESSAGES = {
  title: "Google Calendar",
  intro:
    "Connect your Google Calendar: times you are busy there are not offered to seekers, and your sessions are added to it.",
  // Said to advisors: what it means for them. How to switch it on is for operators, in the
  // start-up log and the README, never on an advisor's page.
  notEnabled: "Connecting a Google Calendar isn't available yet.",
  notEnabledDetail:
    "Seekers are offered only the weekly hours you set above, so keep them up to date when your plans change.",
  connect: "Connect Google Calendar",
  reconnect: "Reconnect",
  connectedAs: (email: string | null) =>
    email ? `Connected as ${email}` : "Connected to Google Calendar",
  busyLegend: "Calendars that block your availability",
  busyHint: "Times you are busy in these calendars are not offered to seekers.",
  eventLabel: "Add sessions to",
  noEvents: "Don't add sessions",
  noCalendars: "Your calendars will appear here once Google answers.",
  save: "Save calendar settings",
  saving: "Saving...",
  saved: "Calendar settings saved",
  invalidChoice: "Choose calendars from your Google account.",
  notConnected: "Google Calendar is not connected.",
  disconnect: "Disconnect",
  disconnecting: "Disconnecting...",
  disconnected: "Google Calendar disconnected",
  connected: "Google Calendar connected",
  connectFailed: "Google Calendar was not connected. Please try again.",
  checkedAt: (when: string) => `Busy times last checked ${when}.`,
  // Warnings (availability page and dashboard)
  notAnswering: "Google Calendar is not answering",
  notAnsweringDetail:
    "We keep using the busy times we last saw (for up to 24 hours), so nothing is booked on top of them.",
  revoked: "Google Calendar disconnected: reconnect",
  revokedDetail:
    "Google no longer lets us read your calendar: the busy times we last saw count for up to 24 hours, then only your weekly schedule does.",
  manage: "Manage calendar",
  unknownAction: "Unknown calendar action.",
} as const;

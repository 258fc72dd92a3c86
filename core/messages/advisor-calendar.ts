/*
 * Every text of the advisor's Google Calendar connection (availability page and dashboard),
 * each defined once.
 */
export const ADVISOR_CALENDAR_MESSAGES = {
  title: "Google Calendar",
  intro:
    "Connect your Google Calendar: times you are busy there are not offered to seekers, and your sessions are added to it.",
  notEnabled: "Google Calendar is not enabled on this site.",
  howToEnable:
    "An administrator enables it by setting GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (a Google OAuth client) on the server.",
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

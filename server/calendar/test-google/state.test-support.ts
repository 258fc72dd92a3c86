/** The Google account that signs in on the fake consent page. */
export type Account = { sub: string; email: string; name: string };

/** One entry of an account's calendar list, in Google's shape. */
export type CalendarEntry = {
  id: string;
  summary: string;
  primary?: true;
  accessRole: "owner" | "writer" | "reader" | "freeBusyReader";
};

export const DEFAULT_ACCOUNT: Account = {
  sub: "g-advisor-1",
  email: "advisor.calendar@example.com",
  name: "Test Advisor",
};

/** The default account's calendars: its own, a shared one it owns, and a read-only one. */
export function defaultCalendars(): Map<string, CalendarEntry[]> {
  return new Map([
    [
      DEFAULT_ACCOUNT.sub,
      [
        {
          id: DEFAULT_ACCOUNT.email,
          summary: DEFAULT_ACCOUNT.name,
          primary: true,
          accessRole: "owner",
        },
        { id: "family@group.calendar.google.com", summary: "Family", accessRole: "owner" },
        {
          id: "holidays@group.v.calendar.google.com",
          summary: "Holidays in India",
          accessRole: "reader",
        },
      ],
    ],
  ]);
}

/** The knobs a test turns, and the counters the fake keeps. */
export function createState() {
  return {
    /** 503 for every Calendar API call. */
    failCalendar: false,
    /** 403 rateLimitExceeded for every Calendar API call. */
    quotaExceeded: false,
    /** Every Calendar API answer waits this long (to test the callers' timeouts). */
    calendarDelayMs: 0,
    /** Calendar API calls are carried out, but the connection drops before the answer. */
    loseCalendarAnswers: false,
    /** 503 for every token request (Google's token endpoint down). */
    failToken: false,
    /** The consent page approves at once (integration tests without a browser). */
    autoApprove: false,
    account: { ...DEFAULT_ACCOUNT },
    accessTokenSeconds: 3600,
    /** The longest a push channel may live (Google's cap for Calendar events). */
    maxChannelMs: 7 * 24 * 60 * 60_000,
    nextEvent: 1,
    tokenCount: 0,
  };
}
export type GoogleState = ReturnType<typeof createState>;

import { FULL_REFUND_HOURS, MODIFY_CUTOFF_HOURS } from "../sessions";

/** The texts of buying and using a package (issue 40). */
export const PURCHASE_MESSAGES = {
  notOffered: "This package is not offered any more.",
  ownPackage: "You cannot buy your own package.",
  orderFailed: "We could not start the payment. Please try again.",
  notFound: "Package not found.",
  notActive: "This package has already ended.",
  notAllowed: "You cannot do that with this package.",
  unknownAction: "Choose whether to cancel or withdraw the package.",
  cancelledToast: "Package cancelled",
  withdrawnToast: "Package withdrawn",
  endPreview: (ending: { cancelled: number; unused: number; refund: string }) =>
    [
      ending.cancelled > 0
        ? `Your ${ending.cancelled === 1 ? "session" : `${ending.cancelled} sessions`} booked more than ${MODIFY_CUTOFF_HOURS} hours ahead ${ending.cancelled === 1 ? "is" : "are"} cancelled too.`
        : null,
      ending.unused > 0
        ? `The ${ending.unused} unused ${ending.unused === 1 ? "session is" : "sessions are"} refunded: ${ending.refund} to the original payment method.`
        : "Every session of this package is used or still booked, so nothing is refunded.",
    ]
      .filter(Boolean)
      .join(" "),
  sessionReasonCancelled: "The package was cancelled.",
  sessionReasonWithdrawn: "The package was withdrawn.",
  refundCancelled: "Package cancelled by the seeker: the unused sessions are refunded.",
  refundWithdrawn: "Package withdrawn by the advisor: the unused sessions are refunded.",
  refundExpired: "Package expired: the unused sessions are refunded.",
  refundPartyGone: "Paid after an account in the package was closed: refunded in full.",
  refundAccountDeleted: "An account in the package was deleted: the unused sessions are refunded.",
  refundSentence: (amount: string) =>
    `${amount} for the unused sessions is refunded to the original payment method within 5-7 working days.`,
  /** The rule, as the package pages and the refund policy state it. */
  rules: [
    `Cancel a booked session ${FULL_REFUND_HOURS} hours or more before it starts and it goes back to your package; a later cancellation, or not coming, uses it up.`,
    "If the advisor cancels a session or does not come, the session goes back to your package.",
    `Cancel the package at any time before it expires: its sessions booked more than ${MODIFY_CUTOFF_HOURS} hours ahead are cancelled as if you cancelled each, and the sessions neither used nor still booked are refunded pro rata. Sessions not used by the expiry date are refunded the same way.`,
  ],
  mail: {
    bought: {
      seeker: (name: string, advisor: string) => ({
        subject: `Your package "${name}" with ${advisor} is ready`,
        heading: "Your package is ready",
        text: `Your payment for "${name}" with ${advisor} went through. Book your sessions from the package page whenever suits you.`,
      }),
      advisor: (name: string, seeker: string) => ({
        subject: `${seeker} bought your package "${name}"`,
        heading: "A package was bought",
        text: `${seeker} bought your package "${name}". You are credited for each session as it takes place.`,
      }),
    },
    cancelled: {
      seeker: (name: string, advisor: string) => ({
        subject: `Your package "${name}" with ${advisor} is cancelled`,
        heading: "Your package is cancelled",
        text: `You cancelled your package "${name}" with ${advisor}.`,
      }),
      advisor: (name: string, seeker: string) => ({
        subject: `${seeker} cancelled the package "${name}"`,
        heading: "A package was cancelled",
        text: `${seeker} cancelled the package "${name}". The sessions already held stay credited to you.`,
      }),
    },
    withdrawn: {
      seeker: (name: string, advisor: string) => ({
        subject: `Your package "${name}" with ${advisor} was withdrawn`,
        heading: "Your package was withdrawn",
        text: `Your package "${name}" with ${advisor} was withdrawn and can no longer be used.`,
      }),
      advisor: (name: string, seeker: string) => ({
        subject: `The package "${name}" of ${seeker} was withdrawn`,
        heading: "A package was withdrawn",
        text: `The package "${name}" of ${seeker} was withdrawn. The sessions already held stay credited to you.`,
      }),
    },
    expired: {
      seeker: (name: string, advisor: string) => ({
        subject: `Your package "${name}" with ${advisor} has expired`,
        heading: "Your package has expired",
        text: `Your package "${name}" with ${advisor} reached its expiry date.`,
      }),
      advisor: (name: string, seeker: string) => ({
        subject: `The package "${name}" of ${seeker} has expired`,
        heading: "A package expired",
        text: `The package "${name}" of ${seeker} reached its expiry date. The sessions already held stay credited to you.`,
      }),
    },
  },
} as const;

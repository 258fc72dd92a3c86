import { QUESTION_LIMITS } from "../questions";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The texts of paid questions (issue 40, ADR 98). */
export const QUESTION_MESSAGES = {
  // The advisor's offer
  offerHeading: "Paid questions",
  offerIntro:
    "Let seekers pay for one written question and answer it in your conversation. You are credited when you mark it answered; a question left unanswered past its answer time is refunded in full.",
  priceLabel: "Price per question (₹, before GST)",
  answerDaysLabel: "Answer within (days)",
  priceInvalid: `Enter a price between ₹${QUESTION_LIMITS.minPriceInr} and ₹${QUESTION_LIMITS.maxPriceInr.toLocaleString("en-IN")}.`,
  answerDaysInvalid: `Choose an answer time between ${QUESTION_LIMITS.minAnswerDays} and ${QUESTION_LIMITS.maxAnswerDays} days.`,
  offerSaved: "Paid questions saved",
  offerStopped: "Paid questions turned off",
  notAdvisor: "Only an approved advisor can offer paid questions.",

  // Asking
  askHeading: (advisor: string) => `Ask ${advisor} a question`,
  askLabel: "Ask a question",
  offerLine: (price: string, answerDays: number) =>
    `${price} (incl. GST) · answered within ${days(answerDays)}`,
  askRules: (answerDays: number) => [
    `Your question goes to the advisor in your conversation once you have paid. They answer there within ${days(answerDays)} of your payment.`,
    `If they have not answered within ${days(answerDays)}, you are refunded in full automatically, and both of you are told.`,
  ],
  bodyLabel: "Your question",
  /** The question's text, as its advisor reads it on its page. */
  theQuestion: "The question",
  bodyTooShort: `Write your question in at least ${QUESTION_LIMITS.bodyMin} characters.`,
  payButton: (price: string) => `Pay ${price} and send`,
  notOffered: "This advisor does not take paid questions at the moment.",
  ownQuestion: "You cannot ask yourself a paid question.",
  cannotAsk: "You cannot ask this advisor a question at the moment.",
  orderFailed: "We could not start the payment. Please try again.",
  paymentDescription: (advisor: string) => `Question to ${advisor}`,

  // The question's life
  notFound: "Question not found.",
  unknownAction: "Unknown action.",
  status: {
    pending_payment: "Waiting for payment",
    open: "Waiting for the answer",
    answered: "Answered",
    refunded: "Refunded",
    abandoned: "Not sent",
  },
  dueBy: (when: string) => `Answer due by ${when}`,
  answeredOn: (when: string) => `Answered on ${when}`,
  refundedOn: (when: string) => `Refunded in full on ${when}`,
  markAnswered: "Mark as answered",
  markAnsweredHint: "Reply in the conversation first, then mark the question answered.",
  answerFirst: "Reply to the question in your conversation before marking it answered.",
  notOpen: "This question is no longer waiting for an answer.",
  pastDeadline: "The answer time has passed: the question is being refunded.",
  answeredToast: "Question marked as answered",
  openConversation: "Open the conversation",
  rateHeading: "Rate the answer",
  rateNotAllowed: "You can rate an answered question once.",
  ratedToast: "Thank you for rating the answer",
  rated: (score: string) => `Rated ${score} / 5`,
  refundPartyGone: "Paid after the question could no longer be asked: refunded in full.",
  refundLate: "The question was not answered in time: refunded in full.",
  refundAccountDeleted: "An account in the question was deleted: refunded in full.",
  receiptLine: (advisor: string) => `Paid question to ${advisor}`,
  earningsLine: "Paid question",
  /** The badge on the question's message in the conversation. */
  messageBadge: (price: string) => `Paid question · ${price}`,

  mail: {
    asked: {
      seeker: (advisor: string, due: string) => ({
        subject: `Your question to ${advisor} was sent`,
        heading: "Your question was sent",
        text: `Your payment went through and ${advisor} has your question. They answer in your conversation by ${due}; if they do not, you are refunded in full.`,
      }),
      advisor: (seeker: string, due: string) => ({
        subject: `${seeker} asked you a paid question`,
        heading: "A paid question is waiting",
        text: `${seeker} paid for a question in your conversation. Answer it there and mark it answered by ${due}, or it is refunded.`,
      }),
    },
    answered: {
      seeker: (advisor: string) => ({
        subject: `${advisor} answered your question`,
        heading: "Your question was answered",
        text: `${advisor} answered your question in your conversation. Let them know how helpful it was by rating the answer.`,
      }),
    },
    refunded: {
      seeker: (advisor: string, amount: string) => ({
        subject: `Your question to ${advisor} is refunded`,
        heading: "Your question is refunded",
        text: `${advisor} did not answer your question in time, so ${amount} is refunded to the original payment method within 5-7 working days.`,
      }),
      advisor: (seeker: string) => ({
        subject: `The question from ${seeker} was refunded`,
        heading: "A question was refunded",
        text: `You did not mark the question from ${seeker} answered in time, so it was refunded in full.`,
      }),
    },
    /** Closed unanswered because the seeker's or the advisor's account was deleted. */
    closed: {
      seeker: (advisor: string, amount: string) => ({
        subject: `Your question to ${advisor} is refunded`,
        heading: "Your question is refunded",
        text: `Your question to ${advisor} was closed unanswered because an account was deleted, so ${amount} is refunded to the original payment method within 5-7 working days.`,
      }),
      advisor: (seeker: string) => ({
        subject: `The question from ${seeker} was refunded`,
        heading: "A question was refunded",
        text: `The question from ${seeker} was closed unanswered because an account was deleted, so it was refunded in full.`,
      }),
    },
  },
} as const;

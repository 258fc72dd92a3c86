// Every text of the packages advisors sell and admins hide (issue 40), defined once.

import { formatInr } from "../format";
import { MAX_ACTIVE_PACKAGES } from "../package-offers";
import { PACKAGE_LIMITS as L } from "../packages";

export const PACKAGE_MESSAGES = {
  title: "Packages",
  intro:
    "Sell several sessions for one price. Your packages show on your profile and on your card in the listing, beside what the same sessions cost one by one.",
  dashboardLink: "Packages",
  dashboardNote: "Sell several sessions for one price",
  onlyAdvisors: "Only advisors can offer packages.",
  notApproved: "You can offer packages once your profile is approved.",
  noRate: "Packages are for paid sessions: set an hourly rate on your profile first.",
  empty: "You have no packages yet.",
  listHeading: "Your packages",
  addHeading: "Add a package",
  editHeading: (name: string) => `Edit ${name}`,
  tooMany: `You can offer at most ${MAX_ACTIVE_PACKAGES} packages at once: withdraw one first.`,
  limitReached: `You offer ${MAX_ACTIVE_PACKAGES} packages, the most at once: withdraw one to add another.`,
  notFound: "Package not found",
  alreadyWithdrawn: "This package is not on sale.",
  alreadyOffered: "This package is already on sale.",
  withdrawNote: "Withdrawing stops selling it; packages already bought stay valid.",
  hiddenNote: "Hidden by our team: it does not show on your profile.",
  statusLabels: { active: "On sale", withdrawn: "Withdrawn", hidden: "Hidden" },
  // Fields
  nameLabel: "Name",
  nameHint: "For example: Job search sprint",
  nameRequired: "Please enter a name for the package.",
  nameTooLong: `Please keep the name under ${L.nameMax} characters.`,
  descriptionLabel: "Description",
  descriptionHint: "What the sessions cover, and for whom.",
  descriptionTooLong: `Please keep the description under ${L.descriptionMax} characters.`,
  sessionsLabel: "Number of sessions",
  sessionsInvalid: `Choose from ${L.minSessions} to ${L.maxSessions} sessions.`,
  durationLabel: "Session length",
  durationInvalid: "Choose 15 or 30 minutes.",
  validityLabel: "Validity in days",
  validityHint: "How long after purchase the sessions can be used.",
  validityInvalid: `Enter a validity from ${L.minValidityDays} to ${L.maxValidityDays} days.`,
  priceLabel: "Price in rupees, before GST",
  priceInvalid: `Enter a price in whole rupees from ${formatInr(L.minPriceInr)} to ${formatInr(L.maxPriceInr)}.`,
  // Buttons and answers
  save: "Save package",
  add: "Add package",
  cancelEdit: "Cancel",
  edit: "Edit",
  withdraw: "Withdraw",
  offerAgain: "Offer again",
  buy: "Buy package",
  created: "Package added",
  saved: "Package saved",
  withdrawn: "Package withdrawn",
  offered: "Package on sale again",
  notSaved: "The package was not saved",
  // The live total beside the form
  totalLabel: "Total with GST",
  oneByOneLabel: "Same sessions one by one",
  // Admin
  adminTitle: "Packages",
  adminDescription:
    "Every package advisors offer. Hiding one takes it off the advisor's profile and card at once; packages already bought stay valid.",
  adminEmpty: "No packages here.",
  adminFilters: { all: "All", active: "On sale", hidden: "Hidden" },
  hide: "Hide",
  show: "Show",
  hiddenToast: "Package hidden",
  shownToast: "Package shown again",
  alreadyHidden: "This package is already hidden.",
  notHidden: "This package is not hidden.",
  invalid: "This request is not valid.",
} as const;

/*
 * Every message of the advisor application, the profile edit form, headshot uploads and bank
 * details, word for word as the product states them. Each text is defined here once.
 */
export const APPLICATION_MESSAGES = {
  // Step 1: Profile Basics
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  phoneRequired: "Phone number is required",
  jobTitleRequired: "Job title is required",
  companyRequired: "Company is required",
  experienceRequired: "Total experience is required (0 to 50 years)",
  linkedinRequired: "LinkedIn URL is required. Put 'NA' if you do not have a LinkedIn profile.",
  workLocationRequired: "At least one work location is required",
  // Step 2: Profile Content
  shortIntroRequired: "Short introduction is required",
  shortIntroTooLong: "Short introduction must be 120 characters or less",
  aboutRequired: "About section is required",
  aboutTooShort: "About section must contain at least 20 words",
  headshotRequired: "Professional headshot is required",
  // Step 3: Your Expertise
  skillsMin: "At least 3 skills are required",
  topicsMin: "Minimum 3 required",
  topicsMax: "Maximum 10 allowed",
  keepBelowTen: "Keep below 10",
  // Said before the first error, so nobody learns the minimums by failing them.
  expertiseMinimums: (skills: number, topics: number) =>
    `Add at least ${skills} skills, ${topics} career advice topics and ${topics} personal advice topics (${skills + 2 * topics} in all). Business advice topics are optional.`,
  // Step 4: Your Availability
  availabilityRequired: "Please add and save at least one availability slot to continue.",
  // Step 5: Pricing & Agreement
  hourlyRateRequired: "Hourly rate is required when charging",
  hourlyRateNegative: "Hourly rate cannot be negative",
  hourlyRatePositive: "Hourly rate must be greater than 0 when charging a fee",
  hourlyRateInvalid: "Please enter a valid amount (e.g. 1500 or 1500.50)",
  hourlyRateTooHigh: (max: number) => `Hourly rate must be at most ₹${max.toLocaleString("en-IN")}`,
  termsRequired: "You must accept the terms and conditions.",
  // The one summary above a step's buttons (the spec's title); the messages sit beside the fields.
  fixErrorsTitle: "Please fix errors",
  fixErrorsBody: "Complete all required fields before continuing.",
  // The server's refusals of a submit, and the submit's outcome
  validationErrorTitle: "Validation Error",
  validationError: "Please complete all required fields in all steps before submitting.",
  accessDeniedTitle: "Access Denied",
  accessDenied: "You are already an advisor and cannot submit a new application.",
  headshotMissing:
    "Your headshot is missing. Please go back to Step 2 and re-upload your headshot before submitting.",
  userNotFound: "User profile not found",
  submissionFailedTitle: "Submission Failed",
  submissionFailed: "Failed to submit application. Please try again.",
  submittedTitle: "Application Submitted!",
  submitted: "We'll review your application and get back to you by e-mail.",
  alreadyAdvisorTitle: "Already an Advisor",
  alreadyAdvisor: "You're already an advisor",
  draftSaveFailed: "Your latest changes could not be saved. We will keep trying.",
} as const;

export const HEADSHOT_MESSAGES = {
  notAnImage: "Please select a valid image file",
  tooLarge: "Image size must be less than 5MB",
  tooManyPixels: "Image dimensions are too large. Please use a photo under 40 megapixels.",
  uploaded: "Headshot uploaded successfully.",
  uploadFailedTitle: "Upload failed",
  uploadFailed: "Failed to upload headshot. Please try again.",
  photoSaved: "Photo uploaded and saved successfully",
  photoFailed: "Failed to upload photo",
} as const;

export const PROFILE_EDIT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  shortIntroMax: "Maximum 120 characters allowed",
  aboutMin: (words: number) => `Minimum 20 words required. Current: ${words} words`,
  careerMin: "At least 3 career topics are required",
  personalMin: "At least 3 personal topics are required",
  hourlyRateNegative: "Hourly rate cannot be negative",
  experienceRange: "Experience must be between 0 and 50 years",
  validationError: "Validation Error: Please fix all highlighted errors before saving",
  hourlyRateInvalid: "Please enter a valid hourly rate (0 for pro bono)",
  loadFailed: "Failed to load profile",
  saveFailed: "Failed to update profile. Please try again.",
  availabilityFailed:
    "Warning: Profile saved but availability update failed. Please try updating availability again.",
  savedForReview: "Profile updated successfully! Your changes are under review",
  savedLive: "Profile updated successfully!",
  liveProfileNote:
    "Changes to your profile are reviewed by our team before they appear on your public profile, which stays as it is meanwhile. Your phone number and availability change at once.",
  applicationNote: "Changes are reviewed by our team before your profile goes live.",
  changesWaiting: "Your changes are under review",
  changesWaitingNext:
    "Seekers see your approved profile until our team approves them. Saving again updates what is waiting.",
  changesRejected: "Your last changes were not approved",
  changesRejectedNext:
    "Your public profile is unchanged. The form below holds the changes you sent: fix them and save to send them again.",
  savedByAdmin: "Advisor profile updated successfully!",
  noProfileTitle: "No Profile Found",
  noProfile: "You don't have an advisor profile yet.",
} as const;

export const BANK_MESSAGES = {
  allRequired: "All fields are required",
  ifscInvalid: "Please enter a valid IFSC code (11 characters, e.g. SBIN0001234)",
  accountNumberInvalid: "Please enter a valid account number (9 to 18 digits)",
  saved: "Bank details saved successfully",
  saveFailed: "Failed to save bank details",
} as const;

/** The banner above the advisor dashboard while the profile is not approved. */
export const STATUS_BANNERS = {
  pending: "Your advisor application is being reviewed. You'll be notified once it's approved.",
  other: "Your advisor application needs attention. Please check your email for details.",
  changesWaiting:
    "Your profile changes are under review. Seekers see your approved profile until then.",
  changesRejected: "Your last profile changes were not approved. Your public profile is unchanged.",
} as const;

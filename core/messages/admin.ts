/*
 * Every message of the admin screens, word for word as the product states them, each defined
 * once. The refusals the product never worded (revoking yourself, the last admin, an illegal
 * status change) are ours, kept short.
 */
export const ADMIN_MESSAGES = {
  // Users and roles
  fetchUsersFailed: "Failed to fetch users",
  updateRoleFailed: "Failed to update admin role",
  adminGranted: (name: string) => `${name} is now an admin`,
  adminRevoked: (name: string) => `${name} is no longer an admin`,
  cannotRevokeSelf: "You cannot revoke your own admin role.",
  lastAdmin: "The last admin cannot be revoked. Make someone else an admin first.",
  userNotFound: "User not found.",
  makeAdmin: "Make Admin",
  revokeAdmin: "Revoke Admin",
  makingAdmin: "Making admin...",
  revokingAdmin: "Revoking admin...",
  confirmGrantTitle: (name: string) => `Make ${name} an admin?`,
  confirmGrantBody: (name: string, email: string) =>
    `${name} (${email}) will be able to approve and reject advisors, edit any profile, manage users and their roles, change or cancel any session and retry payouts. The change is recorded in the audit log.`,
  confirmRevokeTitle: (name: string) => `Revoke ${name}'s admin role?`,
  confirmRevokeBody: (name: string, email: string) =>
    `${name} (${email}) will no longer be able to open the admin screens. The change is recorded in the audit log.`,
  // Advisor review
  fetchAdvisorsFailed: "Failed to fetch advisors",
  updateStatusFailed: "Failed to update advisor status",
  approved: "Advisor approved",
  rejected: "Advisor rejected",
  illegalTransition: "This advisor's status does not allow that change.",
  advisorNotFound: "Advisor not found.",
  reasonTooLong: "Please keep the reason under 1000 characters.",
  changesApproved: "Profile changes approved",
  changesRejected: "Profile changes rejected",
  changesReasonRequired: "Please tell the advisor why, so they can fix their changes.",
  changesAlreadyDecided: "These changes have already been reviewed.",
  changesMoved:
    "The advisor changed their edit while you were reviewing it. Review the new version below.",
  changesNone: "This advisor has no changes waiting for review.",
  // Add advisor
  addTitle: "Add New Advisor (Pending Sign up & Activation)",
  fixHighlighted: "Please fix the highlighted errors before submitting.",
  emailExists: "Email already exists in the system. Please enter another email address.",
  createErrorTitle: "Error Creating Advisor",
  createConstraint: "Database constraint violation. Please check your data.",
  createEmailConflict: "Email already exists in the system. Please use a different email.",
  createUnexpected: "An unexpected error occurred. Please try again.",
  createSubmit: "Create Advisor & Send Activation",
  creating: "Creating Advisor...",
  created: "Advisor created and activation e-mail sent",
  invitationResent: "Activation e-mail sent again",
  invitationNotPending: "Only advisors still pending activation can be invited again.",
  // Debug listing
  loadingAdvisors: "Loading advisors...",
} as const;

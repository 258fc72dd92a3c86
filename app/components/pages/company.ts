/** Who "we" are on the policy pages: one place for the legal entity and its officers. */
export const COMPANY = {
  brand: "BeenThere",
  legalName: "BeenThere Technologies Private Limited",
  address: "3rd Floor, 42 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034, India",
  jurisdiction: "Bengaluru, Karnataka",
  grievanceOfficer: "Kavya Reddy, Head of Trust & Safety",
  // Placeholder until the GST registration is issued; printed on receipts.
  gstin: "29AABCB0000X1Z0",
} as const;

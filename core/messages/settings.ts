/** Every text the settings' Profile and Notifications sections show, each defined once. */
export const SETTINGS_MESSAGES = {
  phoneInvalid: "Please enter a valid phone number with its country code, e.g. +91 98765 43210.",
  phoneHint: "Optional. Numbers without a country code are taken as Indian (+91).",
  timeZoneInvalid: "Please choose a time zone from the list.",
  timeZoneHint: "Every date and time we show you or e-mail you is in this zone.",
  profileSaved: "Profile saved",
  profileSaveFailed: "Failed to save your profile. Please try again.",
  photoSaved: "Photo uploaded and saved successfully",
  photoRemoved: "Photo removed",
  photoHint: "A clear photo of your face. JPG, PNG or WebP, less than 5MB.",
  advisorPhoto: "Your photo is the headshot in your advisor profile.",
  preferencesSaved: "Notification preferences saved",
  preferencesInvalid: "Please use the switches to choose your notifications.",
  alwaysSent: "Always sent",
  productNewsOn: "On",
  productNewsOff: "Off",
  productNewsWhere: "Product news is your marketing consent: turn it on or off under Privacy.",
  alwaysSentIntro:
    "Some e-mails are part of the service you use, so they are always sent and cannot be turned off.",
} as const;

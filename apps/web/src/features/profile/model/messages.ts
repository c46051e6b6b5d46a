export const PROFILE_TOASTS = {
  profileUpdated: 'Profile updated successfully',
  profileFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  accountDeleted: 'Account deleted successfully',
  accountDeleteFailed: 'Failed to delete account',
  emailChangeFailed: 'Could not send the confirmation link. Please try again.',
  passwordLinkFailed: 'Could not send the link. Please try again.',
} as const;

/** The words of the e-mail address and password rows (docs/product/settings.md#e-mail-address). */
export const PROFILE_TEXTS = {
  emailVerified: 'Verified. Change it under Security below.',
  emailNotVerified:
    'Not verified yet: open the link we sent to this address, or ask for a new one in the banner above.',
  changeEmailIntro: 'Change the e-mail address you sign in with; a link confirms the new one.',
  setPasswordIntro: 'To also sign in with a password, or to change your e-mail address, set a password first.',
  setPasswordButton: 'Send me a link to set a password',
  passwordLinkSent: (email: string) => `We sent a link to ${email} to choose a password. It works once, for one hour.`,
} as const;

/**
 * The words of the pages that account e-mails link to, and of the verification banner
 * (docs/product/messages-and-limits.md#password-reset-and-verification-messages). The server's own sentences (a link
 * that no longer works, a request sent) come from packages/domain/src/api/auth.ts.
 */
export const ACCOUNT_LINK_TEXTS = {
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  sendResetLink: 'Send reset link',
  sendNewLink: 'Send a new link',
  sending: 'Sending...',
  checkInbox: (email: string) => `Check the inbox of ${email}.`,
  spamHint: 'Nothing after a few minutes? Look in the spam folder, or check the address and try again.',
  useAnotherAddress: 'Use another address',
  backToSignIn: 'Back to sign in',
  rememberedIt: 'Remembered it?',
  resetRequestFailed: 'Could not send the link. Please try again.',
  checkingLink: 'Checking your link...',
  linkUnusableTitle: 'This link cannot be used',
  newLinkIntro: 'Enter your e-mail address to get a new link.',
  chooseTitle: 'Choose a new password',
  chooseIntro: (email: string) => `For ${email}. Every other browser signed in to this account will be signed out.`,
  setPassword: 'Set new password',
  saving: 'Saving...',
  resetFailed: 'Could not change the password. Please try again.',
  verifying: 'Verifying your e-mail address...',
  verifiedTitle: 'E-mail address verified',
  changedTitle: 'E-mail address changed',
  continue: 'Continue',
  signInToResend: 'Sign in to send a new link.',
  verifyFailed: 'Could not verify the link. Please try again.',
  banner: (email: string) =>
    `Please verify your e-mail address. We sent a link to ${email}; until you open it, invoices and reminders cannot be e-mailed to your clients.`,
  resend: 'Resend link',
  resending: 'Sending...',
  resendFailed: 'Could not send a new link. Please try again.',
} as const;

/** The account pages' texts, with the 8-character password rule (docs/product-rules.md, Accounts and roles). */
export const PASSWORD_MIN_LENGTH = 8;

export const accountText = {
  missingFieldsTitle: 'Missing fields',
  missingFields: 'Please fill in all fields.',
  missingEmailTitle: 'Missing email',
  missingEmail: 'Please enter your email address.',
  signInFailed: 'Sign in failed',
  signedInTitle: 'Welcome back!',
  signedIn: 'You have successfully signed in.',
  signUpFailed: 'Sign up failed',
  signedUpTitle: 'Success!',
  signedUp: 'Please check your email to confirm your account.',
  resetFailed: 'Reset failed',
  resetSentTitle: 'Reset email sent!',
  resetSent: 'Please check your email for password reset instructions.',
  signOutFailed: 'Error signing out',
  signedOutTitle: 'Signed out successfully',
  signedOut: 'You have been signed out of your account.',
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordsDiffer: 'New passwords do not match',
  passwordChangeFailed: 'Failed to change password',
  passwordUpdated: 'Password updated successfully',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

/**
 * What a person reads when Cognito (through Amplify) refuses something: a sentence for the page, never an
 * exception's name. Unknown errors fall back to the service's own message, then to the given default.
 */
import { accountEmailsPaused } from '@shared/messages';

const byName: Record<string, string> = {
  NotAuthorizedException: 'Incorrect email or password.',
  UserNotFoundException: 'Incorrect email or password.',
  UserNotConfirmedException: 'Please confirm your email address first. We can send the confirmation email again.',
  UsernameExistsException: 'An account with this email already exists. Sign in, or reset your password if you forgot it.',
  InvalidPasswordException: 'Password must be at least 8 characters long',
  CodeMismatchException: 'That code is not right. Check the code and try again.',
  ExpiredCodeException: 'This link or code has expired. Ask for a new one.',
  EnableSoftwareTokenMFAException: 'That code is not right. Check the code and try again.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyFailedAttemptsException: 'Too many attempts. Please wait a few minutes and try again.',
  PasswordResetRequiredException: 'Your password must be reset. Use "Forgot password?" to choose a new one.',
  UserAlreadyAuthenticatedException: 'You are already signed in.',
  NetworkError: 'We could not reach the server. Check your connection and try again.',
};

const byMessage: [RegExp, string][] = [
  // Cognito's UserLambdaValidationException carries the Custom Message trigger's refusal past the e-mail budget.
  [/sent several emails to this address/i, accountEmailsPaused],
  [/Password attempts exceeded/i, 'Too many failed sign-in attempts. Please wait a few minutes and try again.'],
  [/Current status is CONFIRMED/i, 'This account is already confirmed. You can sign in.'],
  [/already confirmed/i, 'This account is already confirmed. You can sign in.'],
  [/Invalid code received for user|Invalid verification code/i, 'That code is not right. Check the code and try again.'],
];

export function authErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const e = error as { name?: string; message?: string } | null;
  const message = typeof e?.message === 'string' ? e.message : '';
  for (const [pattern, text] of byMessage) if (pattern.test(message)) return text;
  if (e?.name && byName[e.name]) return byName[e.name]!;
  if (error instanceof TypeError) return byName.NetworkError!;
  return fallback;
}

export const isAuthError = (error: unknown, name: string) => (error as { name?: string } | null)?.name === name;

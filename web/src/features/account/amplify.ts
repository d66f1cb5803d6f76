/**
 * Amplify Auth, configured once from the runtime settings (/config.json). This module and everything that
 * imports it load only on the account pages (sign-in, dashboard, admin, the confirmation link), never in the
 * first load of `/`. Locally Cognito is the emulator behind the site's own /_cognito; in AWS it is Cognito.
 */
import { Amplify, defaultStorage, Hub } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from '@aws-amplify/auth/cognito';
import { loadConfig } from '../../lib/config';
import { announceAuthChange } from './session-hint';
// Finishes a Google sign-in when Cognito sends the browser back to /login with a code (Amplify's side-effect module).
import '@aws-amplify/auth/enable-oauth-listener';

let ready: Promise<void> | undefined;

export function ensureAmplify(): Promise<void> {
  ready ??= (async () => {
    const config = await loadConfig();
    const origin = window.location.origin;
    const Cognito = {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      // Relative in the settings (/_cognito), so the site works on any host name the developer uses.
      ...(config.cognitoEndpoint ? { userPoolEndpoint: new URL(config.cognitoEndpoint, origin).href } : {}),
      loginWith: {
        email: true,
        ...(config.googleSignIn && config.oauthDomain
          ? {
              oauth: {
                domain: config.oauthDomain,
                scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                // The sign-in page finishes the exchange and returns the person where they were (sign-in-return.ts).
                redirectSignIn: [`${origin}/login`],
                redirectSignOut: [`${origin}/`],
                responseType: 'code' as const,
                providers: ['Google' as const],
              },
            }
          : {}),
      },
    };
    // What the aws-amplify umbrella package does in its configure(), with only the Auth category.
    cognitoUserPoolsTokenProvider.setAuthConfig({ Cognito });
    cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
    Amplify.configure({ Auth: { Cognito } }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
    Hub.listen('auth', ({ payload }) => {
      if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure', 'signInWithRedirect'].includes(payload.event)) announceAuthChange();
    });
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * Waits for a Google sign-in to finish on the page Cognito returned to (`/login?code=...&state=...`): Amplify
 * exchanges the code when it is configured, then says so on its Hub. Listening starts before configuring, so the
 * answer cannot be missed.
 */
export function finishRedirectSignIn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect') {
        stop();
        resolve();
      } else if (payload.event === 'signInWithRedirect_failure') {
        stop();
        reject(new Error('Google sign-in did not finish. Please try again.'));
      }
    });
    ensureAmplify()
      .then(() => {
        // Without Google configured (as locally) nothing will answer: a made-up code in the address ends here.
        if (!Amplify.getConfig().Auth?.Cognito.loginWith?.oauth) throw new Error('Google sign-in is not available here.');
      })
      .catch((error: unknown) => {
        stop();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

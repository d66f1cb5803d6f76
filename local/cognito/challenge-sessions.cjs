/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the emulator process (emulator.cjs) */
/**
 * Challenge sessions as Cognito keeps them. cognito-local hands out a random `Session` with each challenge but
 * never checks it, so anyone could answer NEW_PASSWORD_REQUIRED (a new password, then tokens) or an MFA challenge
 * for any user with a made-up string. Here a session is issued for one user, one app client and one challenge,
 * lives 3 minutes, takes at most 3 codes, and is spent by its answer.
 */
const { randomBytes } = require('node:crypto');

const SESSION_MS = 3 * 60 * 1000;
const CODE_TRIES = 3;

class ChallengeSessions {
  constructor(now = () => Date.now()) {
    this.now = now;
    /** @type {Map<string, { username: string, clientId: string, challenge: string, expires: number, tries: number }>} */
    this.sessions = new Map();
  }

  /** Replaces the emulator's session in a challenge answer with one recorded for this user. */
  issue(result, user, clientId) {
    if (!result?.ChallengeName || !result.Session) return result;
    this.prune();
    const session = randomBytes(48).toString('base64url');
    this.sessions.set(session, { username: user.Username, clientId, challenge: result.ChallengeName, expires: this.now() + SESSION_MS, tries: 0 });
    return { ...result, Session: session };
  }

  /**
   * The session's record when it was issued for this user, client and challenge and is still alive; otherwise
   * the NotAuthorized reason Cognito gives.
   */
  check(session, user, clientId, challenge) {
    const entry = typeof session === 'string' ? this.sessions.get(session) : undefined;
    if (!entry || !user || entry.username !== user.Username || entry.clientId !== clientId || entry.challenge !== challenge) {
      return { refused: 'Invalid session for the user.' };
    }
    if (this.now() > entry.expires || entry.tries >= CODE_TRIES) {
      this.sessions.delete(session);
      return { refused: 'Invalid session for the user, session is expired.' };
    }
    return { entry };
  }

  /**
   * Counts a code before it is compared (parallel guesses cannot all pass `check` first): after three, wrong
   * ones all, the session is refused as expired.
   */
  countTry(session) {
    const entry = this.sessions.get(session);
    if (entry) entry.tries += 1;
  }

  /** The answer failed for another reason than a wrong code: it was no guess. */
  forgiveTry(session) {
    const entry = this.sessions.get(session);
    if (entry) entry.tries = Math.max(0, entry.tries - 1);
  }

  spend(session) {
    this.sessions.delete(session);
  }

  prune() {
    const now = this.now();
    for (const [id, entry] of this.sessions) if (now > entry.expires) this.sessions.delete(id);
  }
}

module.exports = { ChallengeSessions, CODE_TRIES };

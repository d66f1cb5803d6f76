/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the emulator process (emulator.cjs) */
/**
 * Tokens signed with this install's own key. cognito-local signs with a private key it ships in the package
 * (keys/cognitoLocal.private.json), so anyone could forge tokens the API would accept; the local stack makes its
 * own key at first start (local/cognito/local-secrets.ts) and the emulator signs with that and publishes only its
 * public half at /<pool>/.well-known/jwks.json. The seam is the key modules themselves: the token generator and the
 * key-set route read `.pem` and `.jwk` from them at each use.
 */
const { createPublicKey, createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

/** The key id cognito-local writes in every token header (its tokenGenerator passes it as a constant). */
const EMULATOR_KEY_ID = 'CognitoLocal';

function useSigningKey(fromEmulator, pemFile) {
  const pem = readFileSync(pemFile, 'utf8');
  const jwk = createPublicKey(pem).export({ format: 'jwk' });
  const privateKey = fromEmulator('./lib/keys/cognitoLocal.private.json');
  const publicKey = fromEmulator('./lib/keys/cognitoLocal.public.json');
  for (const field of Object.keys(privateKey)) delete privateKey[field];
  privateKey.pem = pem;
  for (const field of Object.keys(publicKey)) delete publicKey[field];
  publicKey.jwk = { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig', kid: EMULATOR_KEY_ID };
  return createHash('sha256').update(jwk.n).digest('base64url').slice(0, 16);
}

module.exports = { useSigningKey };

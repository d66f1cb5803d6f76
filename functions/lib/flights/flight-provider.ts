/**
 * Which flight-status provider this process uses, resolved once, as the Stripe key is (functions/lib/stripe.ts):
 * - FLIGHT_STATUS_API_KEY in the environment: real AeroAPI with that key (locally, to try real flights);
 * - else FLIGHT_STATUS_SECRET_ID: a Secrets Manager secret holding {"apiKey"} (a deployed environment that names one
 *   in cdk.json, `flightStatusSecretName`);
 * - else FLIGHTS_STANDIN_URL: the local stack's stand-in (local/flight-stand-in.ts), which answers in AeroAPI's shape;
 * - else none: tracking is off and everything works as it did without it.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { AEROAPI_BASE_URL, aeroApiProvider } from './aeroapi';
import type { FlightStatusProvider } from './flight-status';

/** What the stand-in expects in x-apikey: it is no secret, only proof the caller speaks AeroAPI. */
export const STAND_IN_API_KEY = 'local-flight-stand-in';

let fromSecret: Promise<FlightStatusProvider> | undefined;

async function secretApiKey(secretId: string): Promise<string> {
  const sm = new SecretsManagerClient({ region: process.env.AWS_REGION });
  const out = await sm.send(new GetSecretValueCommand({ SecretId: secretId }));
  const value = (JSON.parse(out.SecretString ?? '{}') as Record<string, unknown>).apiKey;
  if (typeof value !== 'string' || !value) throw new Error(`Secret ${secretId} has no apiKey`);
  return value;
}

/**
 * The provider, or null when none is configured (tracking is off). The secret is read once per process (a failed
 * read is tried again on the next pass); the settings in the environment are read on every call, so a process that
 * starts one local stack after another (the tests) talks to the stand-in of the stack running now.
 */
export async function flightStatusProvider(): Promise<FlightStatusProvider | null> {
  const key = process.env.FLIGHT_STATUS_API_KEY;
  if (key) return aeroApiProvider({ baseUrl: AEROAPI_BASE_URL, apiKey: key });
  const secretId = process.env.FLIGHT_STATUS_SECRET_ID;
  if (secretId) {
    fromSecret ??= secretApiKey(secretId).then(
      (apiKey) => aeroApiProvider({ baseUrl: AEROAPI_BASE_URL, apiKey }),
      (error: unknown) => {
        fromSecret = undefined;
        throw error;
      },
    );
    return fromSecret;
  }
  const standIn = process.env.FLIGHTS_STANDIN_URL;
  return standIn ? aeroApiProvider({ baseUrl: standIn, apiKey: STAND_IN_API_KEY }) : null;
}

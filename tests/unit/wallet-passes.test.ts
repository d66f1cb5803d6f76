/**
 * Wallet passes: the Apple Wallet pass and the Google Wallet save link a booking's pass makes, read
 * back as the wallets would, with certificates and keys made at test time (tests/support/wallet-keys.ts): the
 * .pkpass unzipped, pass.json's fields and QR code, the manifest's hashes, the PKCS#7 signature verified against the
 * test's CA; the JWT verified with the service account's public key. And the settings: absent, from the environment,
 * from a file, malformed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/lib/logger';
import { forgetWalletConfig, walletConfig } from '../../functions/lib/wallet-config';
import { toPass } from '../../functions/use-cases/pass/pass-view';
import { applePass } from '../../functions/use-cases/wallet/apple-pass';
import { googleSaveLink } from '../../functions/use-cases/wallet/google-save-link';
import { bookingRecord } from '../support/booking-record';
import { readPkpass, verifyDetachedSignature } from '../support/pkpass';
import { makeTestWalletKeys, type TestWalletKeys } from '../support/wallet-keys';

const PASS_URL = 'https://runwayparking.example/pass/p1.b-1.AAAAAAAAAAAAAAAAAAAAAA';
const ADDRESS = 'Runway Parking, 10 Airport Park Drive, Mangere, Auckland 2022';

let keys: TestWalletKeys;
let tmp: string;

beforeAll(() => {
  keys = makeTestWalletKeys();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'wallet-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const pass = (overrides: Parameters<typeof bookingRecord>[0] = {}) =>
  toPass(bookingRecord({ parkingBayNumber: 'B12', returnFlight: 'NZ102', ...overrides }), { token: 'p1.b-1.AAAAAAAAAAAAAAAAAAAAAA', url: PASS_URL }, new Date('2030-03-02T00:00:00Z'));

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');
const field = (fields: { key: string; label?: string; value: unknown }[], key: string) => fields.find((f) => f.key === key);

describe('the Apple Wallet pass', () => {
  it('carries the reference, the NZ times, the QR code the yard scans (the pass link) and the yard address', () => {
    const { passJson, files } = readPkpass(applePass(pass(), 'b-1', keys.config.apple).bytes);
    expect(passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.example.runway.test',
      teamIdentifier: 'ABCDE12345',
      serialNumber: 'b-1',
      organizationName: 'Runway Parking',
      description: 'Runway Parking booking RP-7K3M9Q',
    });
    // The barcode's message is exactly what the web pass's QR code holds and /api/yard/scan reads.
    expect(passJson.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: PASS_URL, messageEncoding: 'iso-8859-1', altText: 'RP-7K3M9Q' }]);
    const g = passJson.generic;
    expect(field(g.primaryFields, 'reference')).toMatchObject({ label: 'Booking reference', value: 'RP-7K3M9Q' });
    expect(field(g.secondaryFields, 'dropOff')).toMatchObject({ label: 'Drop-off (NZ time)', value: 'Sun 10 Mar 2030, 9:00 AM' });
    expect(field(g.secondaryFields, 'pickUp')).toMatchObject({ label: 'Pick-up (NZ time)', value: 'Sun 17 Mar 2030, 11:30 AM' });
    expect(g.auxiliaryFields.map((f: { value: string }) => f.value)).toEqual(['KTA123', 'B12', 'NZ101', 'NZ102']);
    expect(field(g.backFields, 'address')?.value).toBe(ADDRESS);
    expect(field(g.backFields, 'phone')?.value).toBe('09 000 0000');
    expect(field(g.backFields, 'passLink')?.value).toBe(PASS_URL);
    // 9:00 on 10 March 2030 in Auckland is still daylight time (NZDT, UTC+13).
    expect(new Date(passJson.relevantDate).toISOString()).toBe('2030-03-09T20:00:00.000Z');
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature']);
  });

  it('lists every file but the manifest and signature in the manifest with its SHA-1', () => {
    const { files, manifest } = readPkpass(applePass(pass(), 'b-1', keys.config.apple).bytes);
    const expected = Object.fromEntries(Object.entries(files).filter(([name]) => name !== 'manifest.json' && name !== 'signature').map(([name, bytes]) => [name, sha1(bytes)]));
    expect(manifest).toEqual(expected);
    expect(Object.keys(manifest)).toContain('pass.json');
  });

  it("is signed (PKCS#7, detached, over manifest.json) by the operator's pass type id certificate, which chains to the WWDR certificate", async () => {
    const { files } = readPkpass(applePass(pass(), 'b-1', keys.config.apple).bytes);
    const checked = await verifyDetachedSignature(files.signature!, files['manifest.json']!, keys.caPem);
    expect(checked.valid).toBe(true);
    expect(checked.signerSubject).toContain('Pass Type ID: pass.example.runway.test');
    // A changed manifest no longer verifies, and neither does the right manifest against another CA.
    const altered = new TextEncoder().encode(new TextDecoder().decode(files['manifest.json']).replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`));
    expect(await verifyDetachedSignature(files.signature!, altered, keys.caPem)).toMatchObject({ valid: false, error: expect.stringMatching(/digest/i) });
    expect(await verifyDetachedSignature(files.signature!, files['manifest.json']!, makeTestWalletKeys().caPem)).toMatchObject({ valid: false, error: expect.stringMatching(/chain|certificate/i) });
  });

  it('says "Not set" and "Given on arrival" before the car and bay are known, and leaves out flights not given', () => {
    const { passJson } = readPkpass(applePass(pass({ carRegistration: null, parkingBayNumber: null, departureFlight: null, returnFlight: null }), 'b-1', keys.config.apple).bytes);
    expect(passJson.generic.auxiliaryFields.map((f: { label: string; value: string }) => `${f.label}: ${f.value}`)).toEqual(['Car: Not set', 'Parking bay: Given on arrival']);
  });
});

describe('the Google Wallet save link', () => {
  it("is a JWT signed RS256 by the service account, for the site's origin, carrying the generic pass object", async () => {
    const url = await googleSaveLink(pass(), 'b-1', keys.config.google, 'https://runwayparking.example', new Date('2030-03-02T00:00:00Z'));
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, await importSPKI(keys.googlePublicPem, 'RS256'), { issuer: 'wallet@runway-test.iam.gserviceaccount.com', audience: 'google', currentDate: new Date('2030-03-02T00:00:00Z') });
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://runwayparking.example']);
    expect(payload.iat).toBe(Date.parse('2030-03-02T00:00:00Z') / 1000);
    const objects = (payload.payload as { genericObjects: any[] }).genericObjects;
    expect(objects).toHaveLength(1);
    const o = objects[0];
    expect(o.id).toBe('3388000000012345678.b-1');
    expect(o.classId).toBe('3388000000012345678.runway_booking');
    expect(o.header.defaultValue.value).toBe('RP-7K3M9Q');
    expect(o.barcode).toEqual({ type: 'QR_CODE', value: PASS_URL, alternateText: 'RP-7K3M9Q' });
    expect(o.textModulesData.map((m: { header: string; body: string }) => `${m.header}: ${m.body}`)).toEqual([
      'Drop-off (NZ time): Sun 10 Mar 2030, 9:00 AM',
      'Pick-up (NZ time): Sun 17 Mar 2030, 11:30 AM',
      'Car: KTA123',
      `The yard: ${ADDRESS}. Phone 09 000 0000`,
    ]);
    expect(o.textModulesData.map((m: { id: string }) => m.id)).toEqual(['drop_off', 'pick_up', 'car', 'yard']);
    expect(o).toMatchObject({
      state: 'ACTIVE',
      cardTitle: { defaultValue: { language: 'en-NZ', value: 'Runway Parking' } },
      subheader: { defaultValue: { language: 'en-NZ', value: 'Booking reference' } },
      header: { defaultValue: { language: 'en-NZ', value: 'RP-7K3M9Q' } },
      hexBackgroundColor: '#0b2545',
      linksModuleData: { uris: [{ id: 'pass', uri: PASS_URL, description: 'Your booking pass' }] },
    });
  });

  it('does not verify with another key', async () => {
    const url = await googleSaveLink(pass(), 'b-1', keys.config.google, 'https://runwayparking.example');
    const other = makeTestWalletKeys();
    await expect(jwtVerify(url.split('/').at(-1)!, await importSPKI(other.googlePublicPem, 'RS256'))).rejects.toThrow();
  });
});

describe('the wallet settings', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['WALLET_CONFIG', 'WALLET_CONFIG_FILE', 'WALLET_SECRET_ID']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    forgetWalletConfig();
  });

  it('are empty when nothing is configured: no wallet is offered', async () => {
    delete process.env.WALLET_CONFIG;
    delete process.env.WALLET_CONFIG_FILE;
    delete process.env.WALLET_SECRET_ID;
    expect(await walletConfig()).toEqual({});
  });

  it('come from WALLET_CONFIG, or from the file WALLET_CONFIG_FILE names', async () => {
    process.env.WALLET_CONFIG = JSON.stringify({ google: keys.config.google });
    expect(await walletConfig()).toEqual({ google: keys.config.google });
    forgetWalletConfig();
    delete process.env.WALLET_CONFIG;
    const file = path.join(tmp, 'wallet.json');
    writeFileSync(file, JSON.stringify({ apple: keys.config.apple }));
    process.env.WALLET_CONFIG_FILE = file;
    expect(await walletConfig()).toEqual({ apple: keys.config.apple });
  });

  it('that are malformed or not JSON are ignored (nothing offered) rather than breaking the pass, and the operator is told why', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    process.env.WALLET_CONFIG = JSON.stringify({ apple: { ...keys.config.apple, teamIdentifier: 'short' } });
    expect(await walletConfig()).toEqual({});
    expect(errors).toHaveBeenLastCalledWith('Wallet settings ignored: they do not match docs/operations.md', { issues: ['apple.teamIdentifier: a 10-character team id'] });
    forgetWalletConfig();
    process.env.WALLET_CONFIG = '{not json';
    expect(await walletConfig()).toEqual({});
    expect(errors).toHaveBeenLastCalledWith('Wallet settings ignored: they are not JSON');
    vi.restoreAllMocks();
  });

  it('come from the Secrets Manager secret WALLET_SECRET_ID names, read once; a failed read is tried again', async () => {
    delete process.env.WALLET_CONFIG;
    delete process.env.WALLET_CONFIG_FILE;
    process.env.WALLET_SECRET_ID = 'runway-parking/prod/wallet';
    const send = vi
      .spyOn(SecretsManagerClient.prototype, 'send')
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ SecretString: JSON.stringify({ google: keys.config.google }) } as never);
    await expect(walletConfig()).rejects.toThrow('network');
    expect(await walletConfig()).toEqual({ google: keys.config.google });
    expect(await walletConfig()).toEqual({ google: keys.config.google });
    expect(send).toHaveBeenCalledTimes(2);
    expect((send.mock.calls[1]![0] as GetSecretValueCommand).input).toEqual({ SecretId: 'runway-parking/prod/wallet' });
    vi.restoreAllMocks();
  });

  it('are empty when the secret holds nothing', async () => {
    delete process.env.WALLET_CONFIG;
    delete process.env.WALLET_CONFIG_FILE;
    process.env.WALLET_SECRET_ID = 'runway-parking/prod/wallet';
    vi.spyOn(SecretsManagerClient.prototype, 'send').mockResolvedValue({} as never);
    expect(await walletConfig()).toEqual({});
    vi.restoreAllMocks();
  });
});

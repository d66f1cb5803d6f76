/**
 * Wallet pass settings made at test time, never committed (functions/lib/wallet-config.ts): a stand-in for Apple's
 * WWDR intermediate, a pass type id certificate it issues with its key, and a Google service account key. Keys come
 * from node:crypto (native, fast); node-forge writes the X.509 certificates.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import type { WalletConfig } from '../../functions/lib/wallet-config';

export const TEST_PASS_TYPE_ID = 'pass.example.runway.test';
export const TEST_TEAM_ID = 'ABCDE12345';
export const TEST_GOOGLE_ISSUER = '3388000000012345678';
export const TEST_GOOGLE_CLASS = 'runway_booking';
export const TEST_GOOGLE_ACCOUNT = 'wallet@runway-test.iam.gserviceaccount.com';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

function certificate(subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], publicPem: string, signerPem: string, ca: boolean, serial: string): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(ca ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }] : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true }]);
  cert.sign(forge.pki.privateKeyFromPem(signerPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export interface TestWalletKeys {
  config: Required<WalletConfig>;
  /** The WWDR stand-in: what the signature's chain must end at. */
  caPem: string;
  /** The Google service account's public key, to verify the save link's JWT. */
  googlePublicPem: string;
}

export function makeTestWalletKeys(): TestWalletKeys {
  const ca = rsa();
  const signer = rsa();
  const google = rsa();
  const caName = [{ name: 'commonName', value: 'Test Worldwide Developer Relations CA (stand-in)' }, { name: 'organizationName', value: 'Runway tests' }];
  const caPem = certificate(caName, caName, ca.publicKey, ca.privateKey, true, '01');
  const signerCert = certificate(
    [{ name: 'commonName', value: `Pass Type ID: ${TEST_PASS_TYPE_ID}` }, { type: '0.9.2342.19200300.100.1.1', value: TEST_PASS_TYPE_ID }, { name: 'organizationalUnitName', value: TEST_TEAM_ID }],
    caName,
    signer.publicKey,
    ca.privateKey,
    false,
    '02',
  );
  return {
    caPem,
    googlePublicPem: google.publicKey,
    config: {
      apple: { passTypeIdentifier: TEST_PASS_TYPE_ID, teamIdentifier: TEST_TEAM_ID, signerCert, signerKey: signer.privateKey, wwdr: caPem },
      google: { issuerId: TEST_GOOGLE_ISSUER, classId: TEST_GOOGLE_CLASS, serviceAccountEmail: TEST_GOOGLE_ACCOUNT, privateKey: google.privateKey },
    },
  };
}

/**
 * Reads an Apple Wallet pass back as Wallet would: the zip's files, pass.json, the manifest's SHA-1 hashes, and the
 * detached PKCS#7 (CMS) signature over manifest.json, verified with PKI.js (an independent CMS implementation, not
 * the node-forge code that signs) against the test's stand-in for Apple's WWDR certificate.
 */
import { unzipSync } from 'fflate';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export interface ReadPkpass {
  files: Record<string, Uint8Array>;
  passJson: any;
  manifest: Record<string, string>;
}

export function readPkpass(bytes: Uint8Array): ReadPkpass {
  const files = unzipSync(bytes);
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return { files, passJson: JSON.parse(text('pass.json')), manifest: JSON.parse(text('manifest.json')) };
}

const der = (pem: string) => {
  const b64 = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const buf = Buffer.from(b64, 'base64');
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
};
const arrayBuffer = (u: Uint8Array) => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;

/** Whether `signature` is a valid detached signature of `content` by a certificate that chains to `caPem`, and by whom. */
export async function verifyDetachedSignature(signature: Uint8Array, content: Uint8Array, caPem: string): Promise<{ valid: boolean; signerSubject: string; error?: string }> {
  const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(arrayBuffer(signature)).result });
  const signed = new pkijs.SignedData({ schema: info.content });
  const ca = new pkijs.Certificate({ schema: asn1js.fromBER(der(caPem)).result });
  let result: pkijs.SignedDataVerifyResult;
  try {
    result = await signed.verify({ signer: 0, data: arrayBuffer(content), trustedCerts: [ca], checkChain: true, extendedMode: true });
  } catch (error) {
    // PKI.js throws for a digest that does not match and for a chain it cannot build.
    return { valid: false, signerSubject: '', error: error instanceof Error ? error.message : String(error) };
  }
  const cert = result.signerCertificate;
  const signerSubject = cert ? cert.subject.typesAndValues.map((tv) => String(tv.value.valueBlock.value)).join(', ') : '';
  return { valid: result.signatureVerified === true, signerSubject };
}

/**
 * The "Save to Google Wallet" link: a JWT that carries the whole pass object (a generic pass of the operator's class),
 * signed RS256 with the operator's service account key. Google reads the object from the JWT when the traveller opens
 * the link, so it is built here, offline, with no call to Google (developers.google.com/wallet/generic/web).
 */
import { importPKCS8, SignJWT } from 'jose';
import { formatLongDate, formatTime12 } from '../../../shared/format';
import type { Pass } from '../../../shared/pass';
import { formatAddress, site } from '../../../shared/site';
import type { GoogleWalletConfig } from '../../lib/wallet-config';
import * as clock from '../../lib/clock';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const nzWhen = (p: { date: string; time: string }) => `${formatLongDate(p.date)}, ${formatTime12(p.time)}`;

/** An object id is `<issuerId>.<suffix>`, the suffix of letters, digits, ".", "_" and "-". */
export const googleObjectId = (config: GoogleWalletConfig, bookingId: string) => `${config.issuerId}.${bookingId.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** The generic pass object: the reference as its header, the NZ times and the yard as text, the QR code as the web pass has it. */
export function googlePassObject(pass: Pass, bookingId: string, config: GoogleWalletConfig) {
  const text = (id: string, header: string, body: string) => ({ id, header, body });
  return {
    id: googleObjectId(config, bookingId),
    classId: `${config.issuerId}.${config.classId}`,
    state: 'ACTIVE',
    cardTitle: { defaultValue: { language: 'en-NZ', value: site.brand } },
    subheader: { defaultValue: { language: 'en-NZ', value: 'Booking reference' } },
    header: { defaultValue: { language: 'en-NZ', value: pass.reference } },
    hexBackgroundColor: '#0b2545',
    barcode: { type: 'QR_CODE', value: pass.pass_url, alternateText: pass.reference },
    textModulesData: [
      text('drop_off', 'Drop-off (NZ time)', nzWhen(pass.drop_off)),
      text('pick_up', 'Pick-up (NZ time)', nzWhen(pass.pick_up)),
      text('car', 'Car', pass.car_registration ?? 'Not set'),
      text('yard', 'The yard', `${site.brand}, ${formatAddress()}. Phone ${site.phone}`),
    ],
    linksModuleData: { uris: [{ id: 'pass', uri: pass.pass_url, description: 'Your booking pass' }] },
  };
}

/** `origin`: the site's address, the only page Google lets show the save button for this JWT. */
export async function googleSaveLink(pass: Pass, bookingId: string, config: GoogleWalletConfig, origin: string, now = clock.now()): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'RS256');
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload: { genericObjects: [googlePassObject(pass, bookingId, config)] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

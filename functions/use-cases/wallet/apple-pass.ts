/**
 * The booking as an Apple Wallet pass (.pkpass): pass.json, the icon, the manifest of SHA-1 hashes and its PKCS#7
 * signature with the operator's pass type id certificate, all written by passkit-generator. It carries what the
 * traveller needs at the gate: the reference, the NZ drop-off and pick-up times, the QR code (the pass's own
 * address, exactly what the web pass's QR code holds and the yard's scanner reads), and the yard's address.
 */
import { Buffer } from 'node:buffer';
import { PKPass } from 'passkit-generator';
import { formatLongDate, formatTime12 } from '../../../shared/format';
import { nzInstant } from '../../../shared/nz-time';
import type { Pass } from '../../../shared/pass';
import { formatAddress, site, yardGuide } from '../../../shared/site';
import type { AppleWalletConfig } from '../../lib/wallet-config';
import { passIcons } from './pass-icons';

/** The site's navy, gold and white (web/public/favicon.svg). */
const COLOURS = { backgroundColor: 'rgb(11, 37, 69)', foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(242, 193, 78)' };

const nzWhen = (p: { date: string; time: string }) => `${formatLongDate(p.date)}, ${formatTime12(p.time)}`;

export interface ApplePassFile {
  bytes: Buffer;
  filename: string;
}

/** `serial`: the booking id, so a second download of the same booking replaces the pass in Wallet rather than adding one. */
export function applePass(pass: Pass, serial: string, config: AppleWalletConfig): ApplePassFile {
  const files = Object.fromEntries(Object.entries(passIcons).map(([name, b64]) => [name, Buffer.from(b64, 'base64')]));
  const pkpass = new PKPass(
    files,
    { wwdr: config.wwdr, signerCert: config.signerCert, signerKey: config.signerKey, signerKeyPassphrase: config.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeIdentifier,
      teamIdentifier: config.teamIdentifier,
      serialNumber: serial,
      organizationName: site.brand,
      description: `${site.brand} booking ${pass.reference}`,
      logoText: site.brand,
      ...COLOURS,
    },
  );
  pkpass.type = 'generic';
  pkpass.primaryFields.push({ key: 'reference', label: 'Booking reference', value: pass.reference });
  pkpass.secondaryFields.push(
    { key: 'dropOff', label: 'Drop-off (NZ time)', value: nzWhen(pass.drop_off) },
    { key: 'pickUp', label: 'Pick-up (NZ time)', value: nzWhen(pass.pick_up) },
  );
  pkpass.auxiliaryFields.push(
    { key: 'car', label: 'Car', value: pass.car_registration ?? 'Not set' },
    { key: 'bay', label: 'Parking bay', value: pass.parking_bay_number ?? 'Given on arrival' },
  );
  if (pass.departure_flight) pkpass.auxiliaryFields.push({ key: 'departureFlight', label: 'Departure flight', value: pass.departure_flight });
  if (pass.return_flight) pkpass.auxiliaryFields.push({ key: 'returnFlight', label: 'Return flight', value: pass.return_flight });
  pkpass.backFields.push(
    { key: 'address', label: 'The yard', value: `${site.brand}, ${formatAddress()}` },
    { key: 'maps', label: 'Open in Maps', value: yardGuide.mapsUrl },
    { key: 'findUs', label: 'Finding the yard', value: yardGuide.findUs.join('\n') },
    { key: 'onArrival', label: 'When you arrive', value: yardGuide.onArrival.join('\n') },
    { key: 'shuttle', label: 'The shuttle at the terminals', value: `${yardGuide.shuttle.domestic}\n${yardGuide.shuttle.international}` },
    { key: 'whenBack', label: 'When you are back', value: yardGuide.whenBack },
    { key: 'phone', label: 'Phone', value: site.phone },
    { key: 'passLink', label: 'Your booking pass', value: pass.pass_url },
  );
  pkpass.setBarcodes({ format: 'PKBarcodeFormatQR', message: pass.pass_url, messageEncoding: 'iso-8859-1', altText: pass.reference });
  // Wallet brings the pass to the lock screen around drop-off.
  const dropOff = nzInstant(pass.drop_off);
  if (dropOff) pkpass.setRelevantDate(dropOff);
  return { bytes: pkpass.getAsBuffer(), filename: `runway-parking-${pass.reference}.pkpass` };
}

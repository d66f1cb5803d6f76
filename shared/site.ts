/**
 * Site configuration: the business's name and contact details live here once, so pages, e-mails,
 * structured data and the footer cannot disagree. Deployments may override by environment at build
 * time (VITE_*) or run time (server side), but these are the defaults (docs/content.md, Site configuration).
 */
export const site = {
  brand: 'Runway Parking',
  legalName: 'Runway Parking Limited',
  gstNumber: '123-456-789',
  phone: '09 000 0000',
  phoneHref: 'tel:+6490000000',
  email: 'bookings@runwayparking.example',
  address: {
    street: '10 Airport Park Drive',
    locality: 'Mangere',
    city: 'Auckland',
    postcode: '2022',
    country: 'NZ',
  },
  timeZone: 'Pacific/Auckland',
} as const;

export type Site = typeof site;

export const formatAddress = (a: Site['address'] = site.address): string =>
  `${a.street}, ${a.locality}, ${a.city} ${a.postcode}`;

/**
 * The marketing saving claim ('up to 30% saving by booking in advance', docs/content.md) says what it compares with wherever it
 * appears: the price of parking at other airport car parks paid at the gate on the day.
 */
export const ADVANCE_SAVING_BASIS = 'compared with paying at the gate at other airport car parks on the day';
export const ADVANCE_SAVING = `Book in advance and save up to 30%, ${ADVANCE_SAVING_BASIS}.`;

/**
 * The travel day's directions, written once for the booking pass (and any e-mail or page that gives directions):
 * how to find the yard, what to do on arrival, and where the shuttle meets travellers at each terminal.
 */
/**
 * The one instruction for the way back, wherever it is given (the success page, the pass, the return-day reminder,
 * the wallet pass, the home page's steps): the traveller presses "I've landed" on the pass; the phone is the fallback.
 */
export const landedInstruction = `When you land, open your booking pass and press "I've landed" with your terminal and how many of you are travelling, then wait at your terminal's shuttle stop: the shuttle comes for you. No phone data? Call us on ${site.phone}.`;

export const yardGuide = {
  /** A maps search for the yard's address: opens the phone's maps app or Google Maps in a browser. */
  mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${site.brand}, ${formatAddress()}`)}`,
  findUs: [
    'From State Highway 20, take the Auckland Airport exit and follow George Bolt Memorial Drive towards the airport.',
    'Turn left into Airport Park Drive; our yard is on the right behind the blue Runway Parking sign.',
    'Follow the "Drop-off" lane to the gate and stop at the office; the gate opens for booked cars.',
  ],
  onArrival: [
    'Arrive 15-20 minutes early: allow 45 minutes before check-in for a domestic flight and 60 for an international one.',
    'Show this pass (the QR code) at the office; we check your car in, and take the key if we need to move it.',
    'Take your bags and ride the free shuttle to your terminal; it leaves every 15 minutes.',
  ],
  shuttle: {
    domestic: 'Domestic terminal: the shuttle drops you at, and picks you up from, the courtesy-shuttle stop outside door 8, on the kerb opposite the bus lane.',
    international: 'International terminal: the shuttle drops you at, and picks you up from, the off-airport shuttle stop at the southern end of the arrivals kerb, outside door 4.',
  },
  whenBack: landedInstruction,
} as const;

/**
 * Site configuration: the business's name and contact details live here once, so pages, e-mails,
 * structured data and the footer cannot disagree. Deployments may override by environment at build
 * time (VITE_*) or run time (server side), but these are the defaults the design fixes.
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
 * The spec's saving claim ('up to 30% saving by booking in advance') says what it compares with wherever it
 * appears: the price of parking at other airport car parks paid at the gate on the day.
 */
export const ADVANCE_SAVING_BASIS = 'compared with paying at the gate at other airport car parks on the day';
export const ADVANCE_SAVING = `Book in advance and save up to 30%, ${ADVANCE_SAVING_BASIS}.`;

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

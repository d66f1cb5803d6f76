/**
 * The car services (docs/product-rules.md, Price): done at the yard while the customer is away, booked as add-ons of
 * the parking. Name, price and summary come from the price list (shared/add-ons.ts); this adds the page's own.
 */
import { addOn, type ServiceId } from '@shared/add-ons';
import { formatMoneyShort } from '@shared/money';

export interface CarService {
  id: string;
  /** The add-on "Book This Service" chooses (/booking?service=...). */
  addOn: ServiceId;
  name: string;
  /** As the Services page prints it: whole dollars. */
  price: string;
  summary: string;
  includes: string[];
  image: string;
  imageAlt: string;
}

function fromPriceList(id: ServiceId): Pick<CarService, 'addOn' | 'name' | 'price' | 'summary'> {
  const a = addOn(id);
  return { addOn: id, name: a.name, price: formatMoneyShort(a.cents), summary: a.description };
}

export const SERVICES: readonly CarService[] = [
  {
    id: 'cleaning',
    ...fromPriceList('carCleaning'),
    includes: ['Exterior hand wash and dry', 'Wheels and tyres cleaned', 'Interior vacuum, mats included', 'Windows cleaned inside and out'],
    image: '/images/service-cleaning.svg',
    imageAlt: 'A car being washed with a sponge and soap bubbles',
  },
  {
    id: 'detailing',
    ...fromPriceList('carDetailing'),
    includes: ['Everything in Car Cleaning', 'Machine polish and paint protection', 'Upholstery and carpet shampoo', 'Dashboard, trims and door seals treated'],
    image: '/images/service-detailing.svg',
    imageAlt: 'A gleaming car with sparkles on its polished paintwork',
  },
  {
    id: 'servicing',
    ...fromPriceList('carServicing'),
    includes: ['Engine oil and oil filter change', 'Brakes, tyres and lights checked', 'Fluid levels topped up', 'Written report of anything that needs attention'],
    image: '/images/service-servicing.svg',
    imageAlt: 'A spanner and a gear in front of a car',
  },
];

/** The car services (spec section 2 and 9): done at the yard while the customer is away. */
export interface CarService {
  id: string;
  name: string;
  /** As the spec prints it: whole dollars. */
  price: string;
  summary: string;
  includes: string[];
  image: string;
  imageAlt: string;
}

export const SERVICES: readonly CarService[] = [
  {
    id: 'cleaning',
    name: 'Car Cleaning',
    price: '$75',
    summary: 'Come back to a fresh car: a thorough wash outside and a tidy-up inside.',
    includes: ['Exterior hand wash and dry', 'Wheels and tyres cleaned', 'Interior vacuum, mats included', 'Windows cleaned inside and out'],
    image: '/images/service-cleaning.svg',
    imageAlt: 'A car being washed with a sponge and soap bubbles',
  },
  {
    id: 'detailing',
    name: 'Car Detailing',
    price: '$250',
    summary: 'A deep clean and polish that brings paintwork and upholstery back to their best.',
    includes: ['Everything in Car Cleaning', 'Machine polish and paint protection', 'Upholstery and carpet shampoo', 'Dashboard, trims and door seals treated'],
    image: '/images/service-detailing.svg',
    imageAlt: 'A gleaming car with sparkles on its polished paintwork',
  },
  {
    id: 'servicing',
    name: 'Car Servicing',
    price: '$250',
    summary: 'Tick off your car\'s regular service while you fly, with no extra trip to the garage.',
    includes: ['Engine oil and oil filter change', 'Brakes, tyres and lights checked', 'Fluid levels topped up', 'Written report of anything that needs attention'],
    image: '/images/service-servicing.svg',
    imageAlt: 'A spanner and a gear in front of a car',
  },
];

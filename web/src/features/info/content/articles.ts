/**
 * The three articles' bodies as simple blocks (headings, paragraphs, lists, a tip), rendered by the
 * article page. Each is written to fit its read time in blog-posts.ts at about 220-230 words a minute
 * (5 min ~1,100 words, 7 min ~1,550, 6 min ~1,350); if you change an article's length a lot, change its
 * readTime too. Facts come from the site's claims and the terms (30% saving, arrive 15-20 minutes early, shuttle
 * every 15 minutes, notice periods, fees, liability); prices from the shared pricing constants; contact
 * details from the site configuration.
 */
import { formatMoney, formatMoneyShort } from '@shared/money';
import { BASE_PARKING_CENTS, CAR_WASH_CENTS, DEPOSIT_CENTS, EXTRA_DAY_CENTS, INCLUDED_DAYS, parkingCents } from '@shared/pricing';
import { site } from '@shared/site';
import { SERVICES } from './services';

export type ArticleBlock =
  | { kind: 'h2'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[] }
  | { kind: 'tip'; text: string };

/** "Car Cleaning $75, Car Detailing $250 and Car Servicing $250" */
const servicesWithPrices = (() => {
  const parts = SERVICES.map((s) => `${s.name} ${s.price}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts.join('');
})();

const firstTimeTips: ArticleBlock[] = [
  {
    kind: 'p',
    text: 'Parking at the airport for the first time can feel like one more thing to get right before a flight: where to go, how long it takes, what happens to your car while you are away and how you get back to it afterwards. The good news is that parking off the airport with a shuttle is simple once you have done it once. These five habits cover almost everything a first-time traveller needs to know, from booking to driving home.',
  },
  {
    kind: 'p',
    text: 'The tips are written for our yard near Auckland Airport, but most of them apply wherever you park.',
  },
  { kind: 'h2', text: '1. Book before you leave home' },
  {
    kind: 'p',
    text: 'Booking online takes a couple of minutes. Choose your drop-off and pick-up dates and times, and the quote shows the number of days and the total, including GST, straight away. Then enter your name, e-mail address, contact number and car registration, and pay. Your booking is confirmed instantly and you get a booking reference, so you drive to the airport knowing a space is waiting for you.',
  },
  {
    kind: 'p',
    text: 'Booking ahead is also cheaper: booking in advance can save you up to 30% compared with paying at the gate on the day. Online bookings need a drop-off time at least 4 hours away, so do not leave it until you are already on the road. Have these ready when you book:',
  },
  {
    kind: 'ul',
    items: [
      'Your drop-off date and time: when you plan to reach our yard, not the time your flight leaves.',
      'Your pick-up date and time: when you expect to be back at the yard after landing, allowing time for your bags and the shuttle.',
      'Your car registration, exactly as it appears on your plates.',
      'Your flight numbers, if you have them, so we know when to expect you and can plan around delays.',
      'A mobile number you will have with you while you travel.',
    ],
  },
  {
    kind: 'p',
    text: 'If your plans are not final yet, book the dates you expect. Signed-in customers can change some details, such as the pick-up date and time, from their dashboard, and our team can help with anything else by phone. A change of dates is priced again at our current rates.',
  },
  { kind: 'h2', text: '2. Arrive 15-20 minutes early' },
  {
    kind: 'p',
    text: 'The most common first-timer mistake is timing the drive to the airport to the minute. Plan to reach our yard 15-20 minutes earlier than you think you need. That margin absorbs a slow merge onto the motorway, a queue at the lights or a bag you forgot to take out of the boot, and it means you can park, check in with our team and board the shuttle without watching the clock.',
  },
  {
    kind: 'p',
    text: 'As a guide, allow 45 minutes before check-in for domestic flights and 60 minutes for international flights. That is the time between reaching our yard and the start of check-in; add your 15-20 minute margin on top, and a little more at busy times.',
  },
  {
    kind: 'p',
    text: 'Auckland traffic can be heavy at the morning and evening peaks, on Friday afternoons and at the start and end of the school holidays, and roadworks can add time without warning. Check the traffic before you set off. Remember too that check-in and bag-drop cut-off times are set by your airline, not by us, and that they differ between airlines and between domestic and international flights.',
  },
  {
    kind: 'tip',
    text: 'Dropping off between 19:00 and 05:00? Let us know at least 24 hours ahead so a team member is ready for you.',
  },
  { kind: 'h2', text: '3. Know how the shuttle works' },
  {
    kind: 'p',
    text: 'The shuttle is free and included with every booking. It runs every 15 minutes, day and night, between our yard and the terminals, so there is no walking across car parks with heavy bags and no long wait if you have just missed one.',
  },
  {
    kind: 'p',
    text: 'Auckland Airport has separate domestic and international terminals. Check which terminal your flight leaves from before you travel and tell the driver, so you are dropped at the right door.',
  },
  {
    kind: 'p',
    text: `When you land, collect your luggage first, then call us on ${site.phone}. Head to the pick-up point outside the terminal: the shuttle meets you there and brings you back to the yard and your car. If your flight is late, still call when you have your bags. We are open 24/7.`,
  },
  { kind: 'h2', text: '4. Get your car ready for a few days away' },
  {
    kind: 'p',
    text: 'Your car will wait for you in our secure, sealed, CCTV-monitored yard, with staff on site 24/7. A few minutes of preparation at home still makes the trip easier for you and for us.',
  },
  {
    kind: 'ul',
    items: [
      'Take valuables, documents, chargers and sunglasses with you, and leave nothing on show.',
      'Take out garage door remotes, spare keys and anything with your home address on it.',
      'Make sure the car is safe to drive: our team may need to move it within the yard.',
      'Take a few photos of the car, inside and out, so you know exactly how you left it.',
      `Save your booking reference and our number, ${site.phone}, in your phone.`,
      'Check you have your house keys before the shuttle leaves.',
    ],
  },
  {
    kind: 'p',
    text: `Would you like to come back to a clean car? Add a car wash to your booking for ${formatMoneyShort(CAR_WASH_CENTS)}, or have a car service done at the yard while you are away: ${servicesWithPrices}.`,
  },
  { kind: 'h2', text: '5. Tell us if your plans change' },
  {
    kind: 'p',
    text: 'Flights move, meetings run over and holidays sometimes get longer. If you need to stay longer or come back early, let us know at least 24 hours ahead and we will update your booking so your car is ready when you land. Extensions we are not told about are charged at $5 per day, so a quick call saves money.',
  },
  {
    kind: 'p',
    text: 'Coming back early does not earn a refund for the days you do not use, and neither does a same-day cancellation or a no-show. If you know 48 hours or more before check-in that you cannot travel, cancel then: a $20 fee applies and the rest of what you paid is refunded.',
  },
  {
    kind: 'p',
    text: 'If something goes wrong on the day, such as a delayed or cancelled flight, call us. Our team is on site around the clock and would much rather hear from you than guess.',
  },
  { kind: 'h2', text: 'A checklist for the day' },
  {
    kind: 'ol',
    items: [
      'Check your flight time, your terminal and the traffic before you leave home.',
      'Aim to reach our yard 15-20 minutes earlier than you need, and at least 45 minutes before check-in for a domestic flight or 60 for an international one.',
      'Park, check in with our team and take the free shuttle to your terminal.',
      'When you land and have your bags, call us and meet the shuttle at the pick-up point.',
      'Back at the yard, walk around your car, pay any balance and drive home.',
    ],
  },
  { kind: 'h2', text: 'Ready for your first trip?' },
  {
    kind: 'p',
    text: `Get a quote in seconds and book online. You can pay in full, or pay a ${formatMoney(DEPOSIT_CENTS)} deposit now and the rest when you pick up your car. If you have a question first, our team is here 24/7 on ${site.phone}.`,
  },
];

const saveMoney: ArticleBlock[] = [
  {
    kind: 'p',
    text: 'Airport parking is one of those costs that is easy to overpay. It is often booked at the last minute, added to the travel budget as an afterthought and paid at whatever price applies on the day. A little planning keeps it low. This guide explains how our pricing works, where the real savings are and which fees are entirely avoidable, so you can plan the cost of parking as carefully as the cost of your flights.',
  },
  { kind: 'h2', text: 'Book in advance' },
  {
    kind: 'p',
    text: 'The single biggest saving is booking early. Travellers who book in advance can save up to 30% compared with paying at the gate at other airport car parks on the day. Rates start from $5 per day, every booking is covered by our best price guarantee, and confirmation is instant, so there is no reason to wait until the day you fly.',
  },
  {
    kind: 'p',
    text: 'Booking early also takes the pressure off. You choose your times calmly, at home, with your itinerary in front of you, rather than in the car with one eye on the clock. Online bookings need a drop-off at least 4 hours away, so a booking made in a hurry on the day may not be possible at all.',
  },
  {
    kind: 'p',
    text: 'School holidays, long weekends and the summer holiday season are when planning ahead matters most, because those are the busiest times to travel. If you already know your dates, book your parking at the same time as your flights.',
  },
  { kind: 'h2', text: 'Understand how days are counted' },
  {
    kind: 'p',
    text: `Our price depends on the number of days, and a day is each 24-hour period, or part of one, between your drop-off and pick-up times, with a minimum of one day. Parking is ${formatMoneyShort(BASE_PARKING_CENTS)} for 1 to ${INCLUDED_DAYS} days, then ${formatMoneyShort(EXTRA_DAY_CENTS)} for each extra day. Prices include GST and the shuttle is always free.`,
  },
  {
    kind: 'ul',
    items: [
      `A day trip or an overnight stay costs ${formatMoneyShort(parkingCents(1))}.`,
      `A long weekend of ${INCLUDED_DAYS} days or fewer costs ${formatMoneyShort(BASE_PARKING_CENTS)}.`,
      `A week (7 days) costs ${formatMoneyShort(parkingCents(7))}.`,
      `Ten days cost ${formatMoneyShort(parkingCents(10))}.`,
      `Two weeks (14 days) cost ${formatMoneyShort(parkingCents(14))}.`,
      `Three weeks (21 days) cost ${formatMoneyShort(parkingCents(21))}.`,
    ],
  },
  {
    kind: 'p',
    text: `Because the first ${INCLUDED_DAYS} days share one price, a short trip costs the same whether you are away for one night or three. The longer you stay, the lower the cost of each day: every day after the first ${INCLUDED_DAYS} adds just ${formatMoneyShort(EXTRA_DAY_CENTS)}. That is what "from $5 per day" describes. The price for your own dates is always the one your quote shows.`,
  },
  { kind: 'h2', text: 'Choose your times with care' },
  {
    kind: 'p',
    text: `Because each started 24-hour period counts as a day, the times you choose matter as much as the dates. Say you drop off at 06:00 on a Monday and expect to be back at the yard at 08:00 the following Monday. That is 7 days and 2 hours, which counts as 8 days and costs ${formatMoneyShort(parkingCents(8))}. If your flight lands early enough for you to be back at the yard by 06:00, the same trip is 7 days and costs ${formatMoneyShort(parkingCents(7))}.`,
  },
  {
    kind: 'tip',
    text: 'Set your pick-up time to when you realistically expect to be back at the yard, allowing for your bags and the shuttle. Check the quote before you book: it shows the number of days and updates as you change the times.',
  },
  {
    kind: 'p',
    text: 'Do not cut it too fine, though. If you stay longer than booked without telling us, the extra time is an unnotified extension and costs $5 per day. A realistic pick-up time and a phone call when a delay comes up are cheaper than either guessing short or booking far too long.',
  },
  { kind: 'h2', text: 'Only add the extras you want' },
  {
    kind: 'p',
    text: `A car wash is an optional ${formatMoneyShort(CAR_WASH_CENTS)} add-on, and your car is ready, clean, when you return. Leave it off if you do not need it: the quote lists each item, so you can see exactly what an extra adds before you pay.`,
  },
  {
    kind: 'p',
    text: `If your car is due for a clean, a detail or a service anyway, having it done at the yard while you are away saves a separate trip and a morning of your time later. We offer ${servicesWithPrices}. Ask us for a quote first if you would like to know exactly what is included.`,
  },
  { kind: 'h2', text: 'Pay the way that suits you' },
  {
    kind: 'p',
    text: `You can pay the full amount online when you book, or pay a ${formatMoney(DEPOSIT_CENTS)} deposit now and the rest when you pick up your car. Either way your booking is confirmed straight away, so the deposit suits travellers who would rather settle the balance at the end of the trip.`,
  },
  {
    kind: 'p',
    text: 'How you pay makes a difference too. Online and in-store card payments carry a 2.5% surcharge; EFTPOS and cash in store are free. If you pay a deposit when you book, paying the balance at pick-up by EFTPOS or cash means no surcharge on that part of the price.',
  },
  { kind: 'h2', text: 'Putting it together: an example' },
  {
    kind: 'p',
    text: `A family of four flies out for a ten-day holiday. They drop off at 07:00 on a Saturday and expect to be back at the yard by 07:00 ten days later, on a Tuesday. That is exactly 10 days, so parking costs ${formatMoneyShort(parkingCents(10))}. They would like to come home to a clean car, so they add the car wash for ${formatMoneyShort(CAR_WASH_CENTS)}, and the total is ${formatMoneyShort(parkingCents(10) + CAR_WASH_CENTS)}, including GST.`,
  },
  {
    kind: 'p',
    text: `They pay the ${formatMoney(DEPOSIT_CENTS)} deposit when they book and pay the ${formatMoney(parkingCents(10) + CAR_WASH_CENTS - DEPOSIT_CENTS)} balance by EFTPOS when they collect the car, so the card surcharge applies only to the deposit. Had they chosen 09:00 for the pick-up, the stay would have been 10 days and 2 hours, counted as 11 days, and parking would have cost ${formatMoneyShort(parkingCents(11))} instead. All four share one car and one booking, and the shuttle is free for every one of them.`,
  },
  { kind: 'h2', text: 'Avoid the fees nobody needs' },
  {
    kind: 'p',
    text: 'Most of the extra costs in airport parking come from changes nobody planned for. Our terms keep them simple, and nearly all of them can be avoided with a phone call made in good time.',
  },
  {
    kind: 'ul',
    items: [
      'Tell us about an extension at least 24 hours ahead: unnotified extensions are charged at $5 per day.',
      'Coming back early? Tell us 24 hours ahead so your car is ready, but note that the unused days are not refunded.',
      'If you have to cancel, do it 48 hours or more before check-in: a $20 fee applies and the rest is refunded. Same-day cancellations, no-shows and early pick-ups are not refunded.',
      'Planning to drop off between 19:00 and 05:00? Give us 24 hours\' notice so your drop-off goes smoothly.',
    ],
  },
  {
    kind: 'p',
    text: 'If your plans are uncertain, it is usually cheaper to book the dates you expect and change them early than to wait and see. A cancellation made in good time costs $20; a no-show costs the whole booking.',
  },
  { kind: 'h2', text: 'Compare the whole trip, not just the daily rate' },
  {
    kind: 'p',
    text: 'When you compare ways of getting to the airport, add up everything: the parking, the shuttle, fuel for the drive and the value of your time. A taxi or rideshare means paying for two trips, one there and one back, and fares can be higher at busy times and late at night. A lift from a friend or family member costs nothing in money, but it costs them two return trips across Auckland, often at inconvenient hours.',
  },
  {
    kind: 'p',
    text: 'With a free shuttle every 15 minutes, staff on site 24/7 and a price fixed when you book, parking with us makes the cost of getting to your flight predictable. If you are travelling as a family or a group, one car and one booking cover everyone.',
  },
  {
    kind: 'p',
    text: 'Count your time as well as your money. With the shuttle every 15 minutes, the wait at either end is short, and because the yard is a short ride from the terminals you are on your way home soon after you land. After a long flight, that is worth something too.',
  },
  { kind: 'h2', text: 'Plan the trip home as well' },
  {
    kind: 'p',
    text: 'It is easy to plan the journey out carefully and leave the journey home to chance. A late-night arrival is where unplanned costs tend to appear: a fare at a late-night rate, or a lift that someone has to stay up for.',
  },
  {
    kind: 'p',
    text: 'We are open 24/7 and the shuttle runs day and night, so a late landing does not change how you get back to your car. Collect your bags, call us, and meet the shuttle at the pick-up point. If you find out at least 24 hours ahead that you will be back later than booked, tell us and we will extend your booking; an extension we are not told about costs $5 per day.',
  },
  { kind: 'h2', text: 'Small habits that add up' },
  {
    kind: 'ul',
    items: [
      'Book as soon as your flights are confirmed.',
      'Check your flight times and terminal before you book, so your drop-off and pick-up times are right first time.',
      'Choose a pick-up time that is realistic but does not tip you into an extra day.',
      'Leave the extras off unless you want them.',
      'Pay the balance by EFTPOS or cash in store to avoid the card surcharge.',
      'Call at least 24 hours ahead about any change, and cancel early if you cannot travel.',
      'Keep your booking reference handy so that any change is quick.',
    ],
  },
  { kind: 'h2', text: 'Ready to book?' },
  {
    kind: 'p',
    text: `Get a quote on our home page: it shows the number of days, each item and the total, including GST, before you commit. If you have a question about pricing, call us on ${site.phone} or e-mail ${site.email}.`,
  },
];

const security: ArticleBlock[] = [
  {
    kind: 'p',
    text: 'Leaving your car for days or weeks is an act of trust. You hand over one of the most valuable things you own and then fly away from it. Knowing what makes a car park secure, and what you can do yourself, means you can stop thinking about your car the moment you board. This guide covers what to look for, how our yard works, how to protect your car and belongings, and what to do if something is not right when you return.',
  },
  { kind: 'h2', text: 'What a secure car park looks like' },
  {
    kind: 'ul',
    items: [
      'A sealed, fenced yard with controlled entry, so only staff and customers come in.',
      'CCTV cameras covering the yard, recorded and monitored.',
      'Staff on site 24/7, not just a barrier arm and a ticket machine.',
      'Good lighting at night and clear records of when each car arrives and leaves.',
    ],
  },
  {
    kind: 'p',
    text: 'Before you book anywhere, ask four questions: who can get in, who is watching, what is recorded, and who answers the phone at three in the morning? A car park that cannot answer all four clearly is relying on luck.',
  },
  { kind: 'h2', text: 'How our yard looks after your car' },
  {
    kind: 'p',
    text: `${site.brand} ticks every box. Our yard is secure, sealed and CCTV-monitored, and our team is on site around the clock, every day of the year. Your car is parked in the open yard, in view of our staff and cameras.`,
  },
  {
    kind: 'p',
    text: 'Every booking is linked to your name, contact details and car registration, so our team knows which car belongs to whom and when it is due to leave. Staff can photograph your car at drop-off and pick-up, so its condition is on record, and the photos are kept with your booking.',
  },
  {
    kind: 'p',
    text: 'Our staff may move your car within the yard, which is why we ask that it is safe to drive when you leave it with us.',
  },
  { kind: 'h2', text: 'Why people matter as much as cameras' },
  {
    kind: 'p',
    text: 'Cameras record what happens; people prevent it. A yard with staff on site sees who arrives and who leaves, notices a car that should not be there, and has someone to answer the phone when you call. That is why staff on site 24/7 matter as much as the CCTV: one keeps a record, the other keeps watch.',
  },
  {
    kind: 'p',
    text: 'It also means there is always someone to talk to. If you are worried about your car while you are away, or you have left something in it that you need, call us and a member of our team will answer, whatever the time.',
  },
  { kind: 'h2', text: 'Protect your belongings' },
  {
    kind: 'p',
    text: 'Most car crime is opportunistic: something is visible, so someone tries their luck. Take away the opportunity and you take away most of the risk, wherever you park.',
  },
  {
    kind: 'ul',
    items: [
      'Remove valuables, documents, garage remotes and spare keys before you leave home.',
      'Leave nothing on the seats; put anything you leave behind in the boot.',
      'Do not leave your home address on display, for example on mail or in a GPS "home" setting.',
      'Take chargers, phone holders and sunglasses out of sight; even an empty cradle suggests there is a device somewhere.',
      'Close every window and the sunroof, and lock the car.',
    ],
  },
  {
    kind: 'p',
    text: 'Our terms are clear that we do not accept responsibility for items left in vehicles, so the safest rule is a simple one: if you would miss it, take it with you or leave it at home.',
  },
  { kind: 'h2', text: 'Check your car at drop-off and on return' },
  {
    kind: 'p',
    text: 'Take a minute to walk around your car at drop-off and note any existing marks, chips or dents. A few photos on your phone, with the date and time they were taken, give you your own record alongside any photos our team takes. Note the fuel gauge and the odometer reading while you are at it.',
  },
  {
    kind: 'p',
    text: 'When you collect your car, do the same before you drive away. It is much easier to look into a concern while you and the car are still at the yard, with our staff on hand, than days later. If you notice anything, tell our staff straight away.',
  },
  { kind: 'h2', text: 'If something is not right' },
  {
    kind: 'p',
    text: 'We take every concern seriously. If you believe your car was damaged while in our care, point it out to our staff before you leave the yard, then make your claim in writing within 28 days of collecting your vehicle, with your booking reference and photos of the damage.',
  },
  {
    kind: 'p',
    text: 'Where we are responsible for loss or damage, our liability is capped at $300 per booking, except where the law does not allow that limit. Nothing in our terms limits your rights under the Consumer Guarantees Act 1993 or the Fair Trading Act 1986 where those Acts apply. It is also worth checking what your own vehicle insurance covers before any trip.',
  },
  {
    kind: 'p',
    text: `For anything else, call us on ${site.phone} or e-mail ${site.email}. We aim to respond to every complaint within 5 business days.`,
  },
  { kind: 'h2', text: 'Stay safe on the shuttle and at the terminal' },
  {
    kind: 'p',
    text: 'Our shuttle runs every 15 minutes between the yard and the terminals. Keep your bags with you, and keep passports, wallets and phones on you rather than in a bag you cannot see. Before you step off, check the seat and the floor for anything that has slipped out of a pocket.',
  },
  {
    kind: 'p',
    text: 'Terminals are busy places, and an unattended bag is both a temptation and a security concern for the airport. Keep your luggage with you while you wait, and never agree to look after a bag for someone you do not know.',
  },
  {
    kind: 'p',
    text: 'When you return, collect your luggage, call us and wait at the pick-up point outside the terminal. If you cannot see the shuttle, call us again: we will tell you where it is.',
  },
  { kind: 'h2', text: 'Late at night and early in the morning' },
  {
    kind: 'p',
    text: 'Early flights and late arrivals are part of airport life, and the yard never closes. If you plan to drop off between 19:00 and 05:00, tell us at least 24 hours ahead so a team member is ready for you when you drive in. Keep your phone charged, so we can reach you and you can reach us.',
  },
  {
    kind: 'p',
    text: 'Coming back late is just as simple: the shuttle runs day and night, so collect your bags, call us and wait at the pick-up point. Back at the yard, take the same minute to walk around your car that you would in daylight.',
  },
  { kind: 'h2', text: 'Your details are protected too' },
  {
    kind: 'p',
    text: 'Security is not only about the car. When you book, you pay on our payment provider\'s secure page, so your card number never reaches us. We keep the details we need to look after your booking, including your car registration and any photos of your vehicle, and we handle them under the Privacy Act 2020. Vehicle photos can be seen only by our staff and by you, for your own bookings.',
  },
  { kind: 'h2', text: 'Know the rules before you go' },
  {
    kind: 'p',
    text: 'Read the terms and conditions before you travel. They explain how extensions, cancellations and late-night drop-offs work and how to raise a concern. A few of them are about keeping cars and people safe.',
  },
  {
    kind: 'ul',
    items: [
      'Drop-off between 19:00 and 05:00 needs 24 hours\' notice, so a team member is ready to receive you and your car.',
      'Extensions and early returns need 24 hours\' notice, so we always know which cars are due to leave and when.',
      'A car that is not collected within 72 hours of its booked pick-up time, with no word from its owner, is treated as abandoned and may be sold after 30 days to recover the costs owed.',
    ],
  },
  {
    kind: 'p',
    text: 'That last rule exists for cars whose owners cannot be reached, not for travellers held up by a delayed flight. If you are delayed, a phone call is all it takes.',
  },
  { kind: 'h2', text: 'Peace of mind, in short' },
  {
    kind: 'ol',
    items: [
      'Choose a sealed, CCTV-monitored yard with staff on site 24/7.',
      'Leave valuables at home and nothing on show.',
      'Walk around your car at drop-off and again before you drive away.',
      'Tell us about changes at least 24 hours ahead.',
      'Raise any concern on the spot, and in writing within 28 days.',
    ],
  },
  {
    kind: 'tip',
    text: `Something worrying you while you are away? Call us any time on ${site.phone}. The yard is staffed 24/7.`,
  },
];

export const ARTICLE_BODIES: Record<string, ArticleBlock[]> = {
  'first-time-parking-tips': firstTimeTips,
  'save-money-airport-parking': saveMoney,
  'airport-parking-security': security,
};

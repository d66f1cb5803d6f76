/**
 * Tax invoices and credit notes: the GST figure as a property, which fields the documents carry
 * and when (the buyer above $1,000), that the invoice lists what was charged from the ledger, and the PDF's text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTaxDocuments } from '../../functions/use-cases/invoices/render-pdf';
import { chargesOf, taxDocumentsFor } from '../../functions/use-cases/invoices/tax-documents';
import type { Seller } from '../../functions/lib/seller';
import { sellerSettings } from '../../functions/lib/seller';
import { gstIncluded } from '../../shared/money';
import type { LedgerLine } from '../../shared/records';
import { bookingRecord } from '../support/booking-record';
import { pdfPages } from '../support/pdf-text';

const seller: Seller = { legalName: 'Test Parking Limited', gstNumber: '111-222-333', address: '10 Airport Park Drive, Mangere, Auckland 2022' };

const line = (l: Partial<LedgerLine>): LedgerLine => ({ id: 'l1', at: '2030-03-05T01:00:00.000Z', by: 'admin', kind: 'refund', amountCents: -1000, note: 'Booking cancelled', ...l });

describe('the GST in a GST-inclusive total (15%: total x 3/23, to the cent)', () => {
  it('is the total x 3/23 rounded to the nearest cent, for any total up to $10 million', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const gst = gstIncluded(total);
        expect(Number.isInteger(gst)).toBe(true);
        // Nearest cent: 23 x GST is within 11.5 of 3 x total (no ties: 3t/23 is never a half cent).
        expect(Math.abs(23 * gst - 3 * total)).toBeLessThanOrEqual(11);
      }),
    );
  });

  it('never falls as the total rises, and the GST is 15% of the rest to within a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100_000 }), (total, more) => {
        expect(gstIncluded(total + more)).toBeGreaterThanOrEqual(gstIncluded(total));
        const gst = gstIncluded(total);
        expect(Math.abs(gst - 0.15 * (total - gst))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('written examples', () => {
    expect(gstIncluded(11000)).toBe(1435);
    expect(gstIncluded(6000)).toBe(783);
    expect(gstIncluded(1000)).toBe(130);
    expect(gstIncluded(100001)).toBe(13044);
    expect(gstIncluded(2300)).toBe(300);
  });
});

describe('the tax invoice as data', () => {
  it('paid in full online: the seller, the reference as number, the NZ date paid, the supply, the total and its GST, no buyer', () => {
    // 12:30 UTC on 28 Feb is 01:30 on 1 Mar in New Zealand (daylight time).
    const b = bookingRecord({ payment: { ...bookingRecord().payment!, paidAt: '2030-02-28T12:30:00.000Z' } });
    const { invoice, creditNotes } = taxDocumentsFor(b, seller);
    expect(invoice).toMatchObject({ title: 'Tax invoice', number: 'RP-7K3M9Q', date: '2030-03-01', seller, buyer: null, totalCents: 11000, gstCents: 1435, balanceDueCents: 0 });
    expect(invoice.lines).toEqual([{ date: '2030-03-01', description: 'Paid online by card', amountCents: 11000 }]);
    expect(invoice.supply).toEqual([
      'Airport parking at 10 Airport Park Drive, Mangere, Auckland 2022, 8 days',
      'Drop-off Sun 10 Mar 2030 at 9:00 AM, pick-up Sun 17 Mar 2030 at 11:30 AM',
      'Vehicle: KTA123',
      'Car wash, $60.00',
    ]);
    expect(creditNotes).toEqual([]);
  });

  it('a deposit and the balance paid in the yard: both charges, dated, and their sum; nothing more due', () => {
    const b = bookingRecord({
      paymentType: 'deposit',
      carWash: false,
      payment: { ...bookingRecord().payment!, type: 'deposit', amountPaidCents: 11000, balanceDueCents: 0 },
      ledger: [line({ kind: 'payment', amountCents: 10000, note: 'Paid in the yard: Cash', at: '2030-03-17T00:00:00.000Z', method: 'cash' })],
    });
    const { invoice } = taxDocumentsFor(b, seller);
    expect(invoice.lines).toEqual([
      { date: '2030-03-01', description: 'Deposit paid online by card', amountCents: 1000 },
      { date: '2030-03-17', description: 'Paid in the yard: Cash', amountCents: 10000 },
    ]);
    expect(invoice.totalCents).toBe(11000);
    expect(invoice.gstCents).toBe(1435);
    expect(invoice.supply.filter((l) => l.startsWith('Car wash'))).toEqual([]);
  });

  it('each add-on service booked is a supply line with what it cost this booking, in price-list order', () => {
    const b = bookingRecord({ carServicing: true, carServicingCents: 25000, carCleaning: true, carCleaningCents: 7500, carDetailing: false, carDetailingCents: 0, totalCents: 43500 });
    const { invoice } = taxDocumentsFor(b, seller);
    expect(invoice.supply.slice(3)).toEqual(['Car wash, $60.00', 'Car Cleaning, $75.00', 'Car Servicing, $250.00']);
  });

  it('a deposit only: the invoice is the $10 charged, and says what is still due', () => {
    const b = bookingRecord({ paymentType: 'deposit', payment: { ...bookingRecord().payment!, type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000 } });
    const { invoice } = taxDocumentsFor(b, seller);
    expect(invoice).toMatchObject({ totalCents: 1000, gstCents: 130, balanceDueCents: 10000 });
  });

  it('names the buyer (name and e-mail) only above $1,000', () => {
    const at = (cents: number) => taxDocumentsFor(bookingRecord({ totalCents: cents, payment: { ...bookingRecord().payment!, amountPaidCents: cents } }), seller).invoice.buyer;
    expect(at(100_000)).toBeNull();
    expect(at(100_001)).toEqual({ name: 'Aroha Ngata', email: 'aroha@example.com' });
  });

  it('what was charged, not the price: a refund lowers what is held but not the invoice, and is a credit note once made', () => {
    // $110 charged, $90 refunded: $20 held. The refund made is credit note 1; one pending, one failed and one lowered to $0 are none.
    const b = bookingRecord({
      status: 'cancelled',
      payment: { ...bookingRecord().payment!, amountPaidCents: 2000 },
      ledger: [
        line({ id: 'a', amountCents: -4000, status: 'succeeded', settledAt: '2030-03-06T02:00:00.000Z', note: 'Booking cancelled', refundId: 're_1' }),
        line({ id: 'b', amountCents: -3000, status: 'pending', note: 'Part refund' }),
        line({ id: 'c', amountCents: -2000, status: 'failed', note: 'Card closed' }),
        line({ id: 'd', amountCents: 0, status: 'succeeded', note: 'Booking cancelled; not sent: refunded in Stripe instead' }),
        line({ id: 'k', kind: 'kept', amountCents: 2000, note: 'The $20 cancellation fee' }),
      ],
    });
    const { invoice, creditNotes } = taxDocumentsFor(b, seller);
    // One charge: the $20 kept is part of what was paid online, not a payment of its own.
    expect(invoice.lines).toEqual([{ date: '2030-03-01', description: 'Paid online by card', amountCents: 11000 }]);
    expect(invoice.totalCents).toBe(11000);
    expect(invoice.balanceDueCents).toBe(0);
    expect(creditNotes).toEqual([
      { title: 'Credit note', number: 'RP-7K3M9Q-CN1', invoiceNumber: 'RP-7K3M9Q', date: '2030-03-06', seller, buyer: null, reason: 'Refund to the card: Booking cancelled', amountCents: 4000, gstCents: 522 },
    ]);
  });

  it('credit notes are numbered in the order the refunds were recorded, say why (with the change that made the refund), and carry the buyer when the invoice does', () => {
    const b = bookingRecord({
      totalCents: 150_000,
      payment: { ...bookingRecord().payment!, amountPaidCents: 140_000 },
      ledger: [
        line({ id: 'p', kind: 'balance', amountCents: 0, note: 'Refund of part of the booking: Shuttle was late' }),
        line({ id: 'a', amountCents: -6000, status: 'succeeded', note: 'Lower price' }),
        line({ id: 'b', amountCents: -4000, status: 'succeeded', note: 'Refunded in Stripe', outside: true, at: '2030-03-07T01:00:00.000Z' }),
      ],
    });
    const { invoice, creditNotes } = taxDocumentsFor(b, seller);
    expect(invoice.totalCents).toBe(150_000);
    expect(creditNotes.map((n) => [n.number, n.amountCents, n.reason, n.buyer?.email])).toEqual([
      ['RP-7K3M9Q-CN1', 6000, 'Refund to the card: Lower price; Refund of part of the booking: Shuttle was late', 'aroha@example.com'],
      ['RP-7K3M9Q-CN2', 4000, 'Refund to the card: Refunded in Stripe', 'aroha@example.com'],
    ]);
  });

  it('none while the payment is checked, nor for a booking with nothing paid (409 with a message)', () => {
    expect(() => taxDocumentsFor(bookingRecord({ status: 'payment_review' }), seller)).toThrow('The tax invoice is ready once our team has checked the payment');
    const unpaid = bookingRecord({ payment: { ...bookingRecord().payment!, amountPaidCents: 0 } });
    expect(chargesOf(unpaid)).toEqual([]);
    expect(() => taxDocumentsFor(unpaid, seller)).toThrow('This booking has no tax invoice: nothing has been paid for it');
  });
});

describe('the seller settings', () => {
  it("the environment's legal name and GST number; the site's made-up ones locally", () => {
    expect(sellerSettings({ SELLER_LEGAL_NAME: 'Operator Ltd', SELLER_GST_NUMBER: '987-654-321' })).toMatchObject({ legalName: 'Operator Ltd', gstNumber: '987-654-321' });
    expect(sellerSettings({})).toMatchObject({ legalName: 'Runway Parking Limited', gstNumber: '123-456-789' });
  });
});

describe('the PDF', () => {
  it('page 1 is the tax invoice with every required field; each credit note has a page', async () => {
    const b = bookingRecord({
      totalCents: 120_000,
      customer: { name: 'Māui Tāne 李', email: 'maui@example.com', contactNumber: '021 555 0000' },
      payment: { ...bookingRecord().payment!, amountPaidCents: 116_000 },
      ledger: [line({ amountCents: -4000, status: 'succeeded', note: 'Shuttle was late' })],
    });
    const pages = await pdfPages(await renderTaxDocuments(taxDocumentsFor(b, seller)));
    expect(pages).toHaveLength(2);
    const [invoice, note] = pages as [string, string];
    for (const text of ['Tax invoice', 'Test Parking Limited', 'GST number 111-222-333', 'Invoice number RP-7K3M9Q', 'Date Fri 1 Mar 2030', 'Vehicle: KTA123', 'Total (GST inclusive) $1,200.00', 'GST included (15%) $156.52']) {
      expect(invoice).toContain(text);
    }
    // Characters Helvetica cannot draw become their Latin letter, or '?', rather than failing the document.
    expect(invoice).toContain('Buyer Maui Tane ? maui@example.com');
    for (const text of ['Credit note', 'Credit note number RP-7K3M9Q-CN1', 'For tax invoice RP-7K3M9Q', 'GST number 111-222-333', 'Refund to the card: Shuttle was late', 'Credit (GST inclusive) $40.00', 'GST included (15%) $5.22']) {
      expect(note).toContain(text);
    }
  });
});

describe('money handed back in the yard', () => {
  it('its credit note says it was handed back, not refunded to the card', () => {
    const b = bookingRecord({
      payment: { type: 'full', amountPaidCents: 2500, balanceDueCents: 0, currency: 'nzd', paymentIntent: null, sessionId: '', paidAt: '2030-03-01T00:00:00.000Z' },
      totalCents: 2500,
      ledger: [
        { id: 'p', at: '2030-03-01T00:00:00.000Z', by: 'admin', kind: 'payment', amountCents: 3000, note: 'Paid in the yard: Cash', method: 'cash' },
        line({ amountCents: -500, note: 'Handed back in the yard: Cash; Lower price', method: 'cash', status: 'succeeded', takenBy: 'staff@example.com' }),
      ],
    });
    const { invoice, creditNotes } = taxDocumentsFor(b, seller);
    expect(invoice.lines.map((l) => [l.description, l.amountCents])).toEqual([['Paid in the yard: Cash', 3000]]);
    expect(creditNotes.map((c) => [c.reason, c.amountCents])).toEqual([['Refund: Handed back in the yard: Cash; Lower price', 500]]);
  });
});

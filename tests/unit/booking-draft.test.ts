import { describe, expect, it } from 'vitest';
import { parseBookingDraft } from '../../web/src/features/booking/booking-draft';
import { emailBreakParts } from '../../web/src/ui/EmailText';

describe('booking draft (sessionStorage)', () => {
  it('keeps the selection and the details as typed', () => {
    const draft = { selection: { dropOffDate: '2027-05-01', dropOffTime: '09:00', pickUpDate: '2027-05-04', pickUpTime: '11:00', carWash: true }, customer: { firstName: 'Aroha', email: 'a@b.nz' } };
    expect(parseBookingDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('drops anything that is not a string field (or the car wash flag), and malformed text counts as none', () => {
    expect(parseBookingDraft(JSON.stringify({ selection: { dropOffDate: 5, carWash: 'yes', extra: 'x' }, customer: ['a'] }))).toEqual({ selection: {}, customer: undefined });
    expect(parseBookingDraft('{not json')).toEqual({});
    expect(parseBookingDraft(null)).toEqual({});
    expect(parseBookingDraft('[1,2]')).toEqual({});
  });
});

describe('e-mail wrap points', () => {
  it('cuts after the @ and before each dot, and the parts join back to the address', () => {
    expect(emailBreakParts('jo.bloggs@example.co.nz')).toEqual(['jo', '.bloggs@', 'example', '.co', '.nz']);
    expect(emailBreakParts('a@b').join('')).toBe('a@b');
  });
});

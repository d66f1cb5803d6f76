import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateInput, isCompleteDateInput, parseDateInput, previewDateInput, toDateInput } from '../../shared/date-input';
import { addDays } from '../../shared/nz-time';

describe('shared date input', () => {
  it('inserts slashes as digits are typed and stops at 10 characters', () => {
    expect(formatDateInput('2')).toBe('2');
    expect(formatDateInput('221')).toBe('22/1');
    expect(formatDateInput('2211')).toBe('22/11');
    expect(formatDateInput('22112')).toBe('22/11/2');
    expect(formatDateInput('221120261')).toBe('22/11/2026');
    expect(formatDateInput('22/1a1-2026')).toBe('22/11/2026');
  });

  it('a typed slash ends the part it follows, padding a single digit', () => {
    expect(formatDateInput('1/')).toBe('01/');
    expect(formatDateInput('1/5')).toBe('01/5');
    expect(formatDateInput('1/5/')).toBe('01/05/');
    expect(formatDateInput('1/5/2027')).toBe('01/05/2027');
    expect(formatDateInput('12/1/')).toBe('12/01/');
    expect(formatDateInput('01//')).toBe('01/');
    expect(formatDateInput('01')).toBe('01');
  });

  it('counts eight digits as a complete entry, to be judged as a date', () => {
    expect(isCompleteDateInput('31/02/2027')).toBe(true);
    expect(isCompleteDateInput('31/02/202')).toBe(false);
  });

  it('reports a date only for a complete, valid DD/MM/YYYY', () => {
    expect(parseDateInput('22/11/2026')).toBe('2026-11-22');
    expect(parseDateInput('31/02/2027')).toBeNull();
    expect(parseDateInput('22/11/26')).toBeNull();
    expect(parseDateInput('2/11/2026')).toBeNull();
  });

  it('completes a 6 or 7 digit partial date with the current year for the preview', () => {
    expect(previewDateInput('22/11/20', 2026)).toBe('2026-11-22');
    expect(previewDateInput('22/11/202', 2026)).toBe('2026-11-22');
    expect(previewDateInput('22/11', 2026)).toBeNull();
    expect(previewDateInput('31/02/20', 2026)).toBeNull();
  });

  it('round-trips every date of 2026-2028 through typing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 3 }), (n) => {
        const iso = addDays('2026-01-01', n);
        const typed = toDateInput(iso).replace(/\//g, '');
        expect(parseDateInput(formatDateInput(typed))).toBe(iso);
        // Typed without leading zeros, slashes closing the day and month, the same date comes out.
        const [y, m, d] = iso.split('-');
        expect(parseDateInput(formatDateInput(`${Number(d)}/${Number(m)}/${y}`))).toBe(iso);
      }),
    );
  });
});

/** Masking personal data and bearer ids where they are not everyone's to read. */
import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, maskToken } from '../../shared/mask';

describe('masks', () => {
  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskEmail('aroha@example.nz')).toBe('a•••@example.nz');
    expect(maskEmail('not-an-email')).toBe('•••');
  });
  it('keeps the last four digits of a phone', () => {
    expect(maskPhone('021 555 4567')).toBe('•••• 4567');
    expect(maskPhone('12')).toBe('••••');
  });
  it('keeps enough of a session id to match log lines, not to use it', () => {
    expect(maskToken('cs_test_a1b2c3d4e5f6g7h8i9j0')).toBe('cs_test_…i9j0');
    expect(maskToken('short')).toBe('…');
  });
});

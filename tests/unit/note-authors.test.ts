/** Who a staff note names: the token's name, else its e-mail, else 'A staff member'; older notes alike. */
import { describe, expect, it } from 'vitest';
import { callerOf, displayNameOf } from '../../functions/lib/auth';
import { authorOf } from '../../functions/use-cases/yard/note-view';

const SUB = '5f0c6a4e-1b2c-4d3e-8f90-0a1b2c3d4e5f';

describe('the author a note keeps', () => {
  it("is the id token's name, or given and family name, else its e-mail, else nothing", () => {
    expect(displayNameOf(callerOf({ sub: SUB, email: 'kiri@example.com', name: ' Kiri Tane ' })!)).toBe('Kiri Tane');
    expect(displayNameOf(callerOf({ sub: SUB, email: 'kiri@example.com', given_name: 'Kiri', family_name: 'Tane' })!)).toBe('Kiri Tane');
    expect(displayNameOf(callerOf({ sub: SUB, email: 'kiri@example.com', given_name: 'Kiri' })!)).toBe('Kiri');
    expect(displayNameOf(callerOf({ sub: SUB, email: 'kiri@example.com', name: '  ' })!)).toBe('kiri@example.com');
    expect(displayNameOf(callerOf({ sub: SUB, 'cognito:groups': '[staff]' })!)).toBeNull();
  });
});

describe('the author staff see', () => {
  it('is the kept name; for an older note its e-mail, and never a bare user id', () => {
    expect(authorOf({ author: 'kiri@example.com', authorName: 'Kiri Tane' })).toBe('Kiri Tane');
    expect(authorOf({ author: SUB, authorName: null })).toBe('A staff member');
    expect(authorOf({ author: 'kiri@example.com' })).toBe('kiri@example.com');
    expect(authorOf({ author: SUB })).toBe('A staff member');
  });
});

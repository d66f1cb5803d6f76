/** The Cognito group whose members are staff with the admin dashboard (docs/product-rules.md, Accounts and roles). */
export const ADMIN_GROUP = 'admin';

/**
 * Yard staff without the admin's powers: they record payments towards a balance; cancelling,
 * refunds, capacity, exports and letting a car go with money due stay with admins. Routes open to staff are open
 * to admins too (access 'staff' in functions/routes.ts).
 */
export const STAFF_GROUP = 'staff';

/** A staff area a person may open: where the header links to and where signing in lands them. */
export interface StaffAreaLink {
  to: string;
  label: string;
}

/**
 * The staff areas a person's groups open, the one they work in first: an admin the dashboard, then the yard; yard
 * staff the yard, then the walk-in form (the admin dashboard is not theirs). Nobody else has any.
 */
export function staffAreas(groups: readonly string[]): StaffAreaLink[] {
  const admin = groups.includes(ADMIN_GROUP);
  const staff = groups.includes(STAFF_GROUP);
  return [
    ...(admin ? [{ to: '/admin', label: 'Admin' }] : []),
    ...(admin || staff ? [{ to: '/yard', label: 'Yard' }] : []),
    ...(staff && !admin ? [{ to: '/admin/walk-in', label: 'Walk-in' }] : []),
  ];
}

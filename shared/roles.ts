/** The Cognito group whose members are staff with the admin dashboard (docs/product-rules.md, Accounts and roles). */
export const ADMIN_GROUP = 'admin';

/**
 * Yard staff without the admin's powers (issue 22): they record payments towards a balance (issue 26); cancelling,
 * refunds, capacity, exports and letting a car go with money due stay with admins. Routes open to staff are open
 * to admins too (access 'staff' in functions/routes.ts).
 */
export const STAFF_GROUP = 'staff';

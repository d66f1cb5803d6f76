/** The Cognito group whose members are staff with the admin dashboard (design: the admin role). */
export const ADMIN_GROUP = 'admin';

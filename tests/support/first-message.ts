/** The message a form would show for a zod parse: the first issue's, or null when the input parsed. */
export const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }): string | null | undefined => (r.success ? null : r.error?.issues[0]?.message);

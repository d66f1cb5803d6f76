/**
 * Personal data and bearer ids shown where not everyone holding the link or the log should read them in full:
 * the checkout lookup answers anyone with the session id, and logs are kept for a year.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : '••••';
}

/** A session id or similar bearer secret in a log line: enough to match two lines, not enough to use. */
export function maskToken(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…${id.slice(-4)}` : '…';
}

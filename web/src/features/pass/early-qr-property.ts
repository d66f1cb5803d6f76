/** The CSS variable on <html> that holds the QR code the shell's early script drew (early-qr.ts; pass.css shows it). */
export const EARLY_QR_PROPERTY = '--pass-qr';

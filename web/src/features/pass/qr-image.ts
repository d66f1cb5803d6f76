/** The pass's QR code as an SVG data URL (uqr), for the page's image and for the shell's early drawing (early-qr.ts). */
import { renderSVG } from 'uqr';

export const qrImageUrl = (value: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { border: 2 }))}`;

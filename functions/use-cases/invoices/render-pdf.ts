/**
 * Lays a booking's tax documents out as one PDF: the tax invoice on the first page, then one page per credit note.
 * pdf-lib with the standard Helvetica fonts: nothing to load from disk or the network, so it bundles for Lambda
 * as is. The standard fonts cover Windows-1252 only, so any other character (a name in another script) is written
 * as its closest Latin letter, or '?', rather than failing the document (docs/payments.md, Tax invoices).
 */
import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatLongDate } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';
import type { Seller } from '../../lib/seller';
import type { Buyer, CreditNote, TaxDocuments, TaxInvoice } from './tax-documents';

const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text the standard fonts can draw: accents dropped where that makes it drawable, anything else '?'. */
export function drawable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text]
    .map((ch) => {
      if (known.has(ch.codePointAt(0)!)) return ch;
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return base && [...base].every((c) => known.has(c.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

/** Lines of at most `width` points, broken between words (a word longer than the line stands alone). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  return [...lines, current];
}

/** A page written top down: each call moves the pen below what it wrote. */
class Writer {
  private y: number;
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {
    this.y = page.getHeight() - MARGIN;
  }

  text(value: string, { size = 10, bold = false, muted = false, gap = 4 }: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(drawable(value, font), font, size, this.page.getWidth() - 2 * MARGIN)) {
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: muted ? MUTED : INK });
      this.y -= 3;
    }
    this.y -= gap - 3;
  }

  /** A label on the left and an amount right-aligned, on one line. */
  row(label: string, amount: string, { bold = false, size = 10 }: { bold?: boolean; size?: number } = {}): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    this.y -= size;
    const right = this.page.getWidth() - MARGIN;
    this.page.drawText(drawable(label, font), { x: MARGIN, y: this.y, size, font, color: INK });
    this.page.drawText(amount, { x: right - font.widthOfTextAtSize(amount, size), y: this.y, size, font, color: INK });
    this.y -= 5;
  }

  rule(): void {
    this.y -= 4;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.page.getWidth() - MARGIN, y: this.y }, thickness: 0.5, color: MUTED });
    this.y -= 8;
  }

  space(points = 10): void {
    this.y -= points;
  }
}

function header(w: Writer, title: string, seller: Seller): void {
  w.text(title, { size: 22, bold: true, gap: 10 });
  w.text(seller.legalName, { bold: true });
  w.text(seller.address, { muted: true });
  w.text(`GST number ${seller.gstNumber}`, { muted: true });
  w.space(8);
}

function buyerBlock(w: Writer, buyer: Buyer | null): void {
  if (!buyer) return;
  w.text('Buyer', { bold: true });
  w.text(buyer.name);
  w.text(buyer.email, { gap: 12 });
}

function invoicePage(w: Writer, inv: TaxInvoice): void {
  header(w, inv.title, inv.seller);
  w.text(`Invoice number ${inv.number}`);
  w.text(`Date ${formatLongDate(inv.date)}`, { gap: 12 });
  buyerBlock(w, inv.buyer);
  w.text('Supply', { bold: true });
  for (const line of inv.supply) w.text(line);
  w.space(6);
  w.text('Charged', { bold: true });
  w.rule();
  for (const line of inv.lines) w.row(`${formatLongDate(line.date)}  ${line.description}`, formatMoney(line.amountCents));
  w.rule();
  w.row('Total (GST inclusive)', formatMoney(inv.totalCents), { bold: true, size: 12 });
  w.row('GST included (15%)', formatMoney(inv.gstCents));
  if (inv.balanceDueCents > 0) {
    w.space(10);
    w.text(`Balance due at pick-up: ${formatMoney(inv.balanceDueCents)}. It is not in this invoice's total until it is paid.`, { muted: true });
  }
}

function creditNotePage(w: Writer, note: CreditNote): void {
  header(w, note.title, note.seller);
  w.text(`Credit note number ${note.number}`);
  w.text(`For tax invoice ${note.invoiceNumber}`);
  w.text(`Date ${formatLongDate(note.date)}`, { gap: 12 });
  buyerBlock(w, note.buyer);
  w.text('Reason', { bold: true });
  w.text(note.reason, { gap: 10 });
  w.rule();
  w.row('Credit (GST inclusive)', formatMoney(note.amountCents), { bold: true, size: 12 });
  w.row('GST included (15%)', formatMoney(note.gstCents));
}

/** The PDF's bytes: the invoice, then each credit note on a page of its own. */
export async function renderTaxDocuments(docs: TaxDocuments): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  pdf.setTitle(`Tax invoice ${docs.invoice.number}`);
  pdf.setAuthor(drawable(docs.invoice.seller.legalName, fonts.regular));
  pdf.setCreator(drawable(docs.invoice.seller.legalName, fonts.regular));
  invoicePage(new Writer(pdf.addPage(PageSizes.A4), fonts), docs.invoice);
  for (const note of docs.creditNotes) creditNotePage(new Writer(pdf.addPage(PageSizes.A4), fonts), note);
  return pdf.save();
}

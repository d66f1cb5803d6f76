/** The text of each page of a PDF, whitespace collapsed, as a reader would copy it (unpdf: PDF.js for Node). */
import { extractText } from 'unpdf';

export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

/**
 * The frame of an information page, in one module (one small chunk every information page shares):
 * the banner on top and the call to action at the bottom.
 */
import type { ReactNode } from 'react';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import type { PageMeta } from '../content/public-pages';

interface PageHeaderProps {
  page: PageMeta;
  eyebrow?: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/**
 * An eyebrow, the page's one h1 and a lead line. The h1 and the document's title and meta description
 * come from the page's entry in INFO_PAGES, so they agree.
 */
export function PageHeader({ page, eyebrow, lead, children }: PageHeaderProps) {
  useDocumentMeta(page.title, page.description);
  return (
    <section className="page-header">
      <div className="container">
        {children}
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{page.title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
    </section>
  );
}

/** The closing call to action: a heading, a line of text and its buttons. */
export function CtaPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="cta-panel">
      <h2>{title}</h2>
      <p>{text}</p>
      <div className="cta-actions">{children}</div>
    </div>
  );
}

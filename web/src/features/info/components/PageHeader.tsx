/**
 * The banner at the top of every information page: an eyebrow, the page's one h1 and a lead line. The h1
 * and the document's title and meta description come from the page's entry in INFO_PAGES, so they agree.
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

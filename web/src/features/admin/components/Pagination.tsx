/** Previous, at most five page links with ellipses, next; and 'Showing X to Y of N bookings'. */
import { pageLinks, showingLine } from '@shared/admin';

interface PaginationProps {
  /** A newer page is being read: said next to the count, the rows stay readable meanwhile. */
  busy: boolean;
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPage(page: number): void;
}

export function Pagination({ busy, page, pageSize, shown, total, onPage }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="admin-pagination">
      <p className="muted small" aria-live="polite">
        {showingLine(page, pageSize, shown, total)}
        {busy && <span className="admin-updating"> · Updating...</span>}
      </p>
      {pageCount > 1 && (
        <nav aria-label="Pages">
          <ul className="admin-pages">
            <li>
              <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous
              </button>
            </li>
            {pageLinks(Math.min(page, pageCount), pageCount).map((link, i) =>
              link === 'ellipsis' ? (
                <li key={`gap-${i}`} className="admin-page-gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={link}>
                  <button
                    type="button"
                    className={`admin-page ${link === page ? 'current' : ''}`}
                    aria-current={link === page ? 'page' : undefined}
                    aria-label={`Page ${link}`}
                    onClick={() => onPage(link)}
                  >
                    {link}
                  </button>
                </li>
              ),
            )}
            <li>
              <button type="button" className="btn btn-outline btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
                Next
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

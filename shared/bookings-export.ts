/**
 * The CSV export of the admin's list (GET /api/admin/bookings.csv): its bound and what it says when it stops early,
 * shared by the server (the file's closing row, the `X-Truncated` header) and the dashboard (the toast).
 */
import { SEARCH_MATCH_LIMIT } from './admin';

/** At most this many bookings in one file: about 3.4 MB at the 167 bytes a row measured, inside the API's 6 MB answer. */
export const EXPORT_MAX_ROWS = 20_000;

/** Why a file holds less than the whole list (the `X-Truncated` header's value). */
export type ExportCut = 'rows' | 'size' | 'search';

export const exportMessages = {
  rows: `This export stops at ${EXPORT_MAX_ROWS.toLocaleString('en-NZ')} bookings, the most one file holds. Narrow the filters (a date range or a status) to export the rest.`,
  size: 'This export stops here: the file reached the largest size the server can send. Narrow the filters (a date range or a status) to export the rest.',
  search: `More than ${SEARCH_MATCH_LIMIT} bookings match the search, and only those were exported. Add more of the name, e-mail, phone or registration to narrow it.`,
  failed: 'Failed to export bookings',
  exported: (rows: number) => `${rows} ${rows === 1 ? 'booking' : 'bookings'} exported`,
} as const;

export const isExportCut = (value: string | null): value is ExportCut => value === 'rows' || value === 'size' || value === 'search';

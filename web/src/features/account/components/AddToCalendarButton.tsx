/** "Add to calendar" on a booking card: downloads the booking's .ics (drop-off and pick-up) with the account's token. */
import { DownloadButton } from '../../../ui/DownloadButton';
import { CALENDAR_FAILED } from '../../../ui/calendar-download';
import { downloadMyCalendar } from '../api/calendar';

export function AddToCalendarButton({ bookingId, label }: { bookingId: string; label: string }) {
  return <DownloadButton label="Add to calendar" ariaLabel={`Add booking ${label} to calendar`} fetchFile={() => downloadMyCalendar(bookingId)} filename="parking.ics" {...CALENDAR_FAILED} />;
}

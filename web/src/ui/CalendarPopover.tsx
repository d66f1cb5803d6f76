/** The date field's calendar button and popover (loaded on first use: Radix Popover and floating-ui are not needed to paint). */
import * as Popover from '@radix-ui/react-popover';
import { Calendar } from './Calendar';
import { CalendarIcon } from './CalendarIcon';

export interface CalendarPopoverProps {
  label: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  value: string | null;
  focusDate: string;
  min?: string;
  max?: string;
  unavailable?: ReadonlySet<string>;
  onSelect(iso: string): void;
}

export default function CalendarPopover({ label, open, onOpenChange, value, focusDate, min, max, unavailable, onSelect }: CalendarPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button type="button" className="icon-button calendar-button" aria-label={`Choose ${label.toLowerCase()} from a calendar`}>
          <CalendarIcon />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" sideOffset={6} align="end">
          <Calendar label={label} value={value} focusDate={focusDate} min={min} max={max} unavailable={unavailable} onSelect={onSelect} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

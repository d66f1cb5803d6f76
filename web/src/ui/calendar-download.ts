/** What a failed calendar download says, wherever the booking's .ics is offered (dashboard, success page). */
export const CALENDAR_FAILED = { failedTitle: 'Error', failedDescription: 'Could not download the calendar file. Please try again.' } as const;

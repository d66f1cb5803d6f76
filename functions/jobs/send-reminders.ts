/** The scheduled travel-day reminders (functions/jobs.ts): one pass over the reminders due now. */
import { sendDueReminders } from '../use-cases/reminders/send-reminders';
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';

export const handler = observed(async (): Promise<void> => {
  const summary = await sendDueReminders();
  if (summary.due > 0) logger.info('Reminder pass', { ...summary });
  // A pass with failures throws, so the job's error alarm sees a run of them (the failed ones are tried next pass).
  if (summary.failed > 0) throw new Error(`${summary.failed} reminder(s) failed`);
});

/**
 * The scheduled jobs of functions/jobs.ts inside the local stack: each job's own handler module on an interval,
 * one pass at a time, so `npm start` sends refunds left in flight as AWS does (there every minute).
 */
import type { Context } from 'aws-lambda';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobs } from '../functions/jobs';
import { functionsDir } from '../project-paths';
import { lambdaContext } from './lambda-context';

export const LOCAL_JOB_INTERVAL_MS = 5_000;

/**
 * Jobs named in LOCAL_JOBS_OFF (comma-separated) do not run: the test stacks turn the reminders and the flight tracker
 * off, since their clock is the real one and a test's booking for tomorrow would get a reminder, or its return flight
 * an answer, no test asked for (the reminder and flight tests run the job themselves with a clock of their own).
 */
const switchedOff = () => new Set((process.env.LOCAL_JOBS_OFF ?? '').split(',').map((n) => n.trim()).filter(Boolean));

export function startLocalJobs(intervalMs = LOCAL_JOB_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = async () => {
    const off = switchedOff();
    for (const job of jobs.filter((j) => j.local && !off.has(j.name))) {
      try {
        const mod = (await import(pathToFileURL(path.join(functionsDir, job.entry)).href)) as { handler: (event: unknown, context: Context) => Promise<void> };
        // As EventBridge invokes it: a scheduled event (unused) and a context with a request id of its own.
        await mod.handler({}, lambdaContext(job.name, job.timeoutSeconds));
      } catch (error) {
        console.error(JSON.stringify({ level: 'ERROR', message: 'Local job failed', job: job.name, error: String(error) }));
      }
    }
  };
  let busy = false;
  const timer = setInterval(() => {
    // Never two passes at once, and no queue behind a slow one: a tick that finds a pass running is skipped.
    if (stopped || busy) return;
    busy = true;
    running = pass().finally(() => {
      busy = false;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

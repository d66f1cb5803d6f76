import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger for every function (CloudWatch in AWS, stdout locally). */
export const logger = new Logger({
  serviceName: 'runway-parking-api',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});

/**
 * Every alarm of the stack is the same kind: it fires when a count reaches a threshold, treats "no data" as fine
 * (a quiet function is a healthy one) and notifies the operations topic. One helper says that once.
 */
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';

export interface CountAlarmProps {
  alarmName: string;
  description: string;
  metric: IMetric;
  alarmAction: IAlarmAction;
  /** Fires at this many in one period; 1 unless said. */
  threshold?: number;
  /** Periods in a row at or over the threshold before it fires; 1 unless said. */
  evaluationPeriods?: number;
  missing?: TreatMissingData;
}

export function countAlarm(scope: Construct, id: string, p: CountAlarmProps): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmName: p.alarmName,
    alarmDescription: p.description,
    metric: p.metric,
    threshold: p.threshold ?? 1,
    evaluationPeriods: p.evaluationPeriods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: p.missing ?? TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(p.alarmAction);
  return alarm;
}

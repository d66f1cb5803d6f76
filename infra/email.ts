/**
 * The SES identity the functions send from, named by the environment's configuration: a domain (publish
 * the DKIM records from the stack outputs) or a single address (SES mails it a verification link).
 */
import { CfnOutput, Stack } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { Environment } from './environments';

export class EmailSending extends Construct {
  readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, props: { env: Environment }) {
    super(scope, id);
    const name = props.env.email.identity;
    const isAddress = name.includes('@');
    this.identity = new EmailIdentity(this, 'Identity', { identity: isAddress ? Identity.email(name) : Identity.domain(name) });
    if (!isAddress) {
      this.identity.dkimRecords.forEach((record, i) => {
        // Stack-level ids keep the output keys readable: SesDkimRecord1..3.
        new CfnOutput(Stack.of(this), `SesDkimRecord${i + 1}`, {
          description: `CNAME to publish for SES DKIM on ${name} (name = value)`,
          value: `${record.name} = ${record.value}`,
        });
      });
    }
  }
}

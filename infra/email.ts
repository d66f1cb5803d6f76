/**
 * The SES identity the functions (and, when configured, Cognito) send from, named by the environment's
 * configuration: a domain (publish the DKIM records from the stack outputs) or a single address (SES mails
 * it a verification link). An identity exists once per account and region, so only the environment with
 * `email.createIdentity` creates it; the others reference it by name (infra/environments.ts checks that no
 * two environments that may share an account both create it).
 */
import { CfnOutput, Stack } from 'aws-cdk-lib';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { isDomainIdentity, type Environment } from './environments';
import { removalPolicy } from './removal';

export class EmailSending extends Construct {
  readonly identity: IEmailIdentity;
  /** The identity when this stack owns it; null when it only references one made elsewhere. */
  readonly created: EmailIdentity | null;

  constructor(scope: Construct, id: string, props: { env: Environment }) {
    super(scope, id);
    const { env } = props;
    const name = env.email.identity;
    if (!env.email.createIdentity) {
      this.created = null;
      this.identity = EmailIdentity.fromEmailIdentityName(this, 'Identity', name);
      return;
    }
    const created = new EmailIdentity(this, 'Identity', { identity: isDomainIdentity(env) ? Identity.domain(name) : Identity.email(name) });
    // Kept with the environment's data: deleting it would invalidate the published DKIM records.
    created.applyRemovalPolicy(removalPolicy(env));
    this.created = created;
    this.identity = created;
    if (isDomainIdentity(env)) {
      created.dkimRecords.forEach((record, i) => {
        // Stack-level ids keep the output keys readable: SesDkimRecord1..3.
        new CfnOutput(Stack.of(this), `SesDkimRecord${i + 1}`, {
          description: `CNAME to publish for SES DKIM on ${name} (name = value)`,
          value: `${record.name} = ${record.value}`,
        });
      });
    }
  }
}

/**
 * Accounts: the Cognito user pool (e-mail sign-in, self sign-up confirmed by an e-mailed code, optional
 * TOTP, no SMS), the `admin` group, the SPA's public app client and the managed login domain, plus Google
 * federation when the environment names a Google client.
 */
import { Duration, SecretValue } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  FeaturePlan,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolEmail,
  UserPoolGroup,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { AuthProtection } from './auth-protection';
import { triggers } from '../functions/triggers';
import { ADMIN_GROUP, STAFF_GROUP } from '../shared/roles';
import { site } from '../shared/site';
import type { EmailSending } from './email';
import { isDomainIdentity, parseFrom, type Environment } from './environments';
import { deletionProtection, removalPolicy } from './removal';
import { TriggerFunction } from './trigger-function';

/**
 * How the pool sends verification and reset codes: through the environment's SES identity from `email.from`
 * when `email.userPoolSender` is "ses", otherwise Cognito's default sender (small daily quota; dev).
 */
export function userPoolEmail(env: Environment): UserPoolEmail | undefined {
  if (env.email.userPoolSender !== 'ses') return undefined;
  const { name, address } = parseFrom(env.email.from);
  return UserPoolEmail.withSES({
    fromEmail: address,
    ...(name ? { fromName: name } : {}),
    sesRegion: env.region,
    // The identity Cognito sends through (its SourceArn): the domain, or the single address itself.
    ...(isDomainIdentity(env) ? { sesVerifiedDomain: env.email.identity.toLowerCase() } : {}),
  });
}

/** ID and access token lifetime: also how long a revoked admin's token may still carry the role (npm run admin). */
export const TOKEN_VALIDITY_HOURS = 1;

/** At least 8 characters (OWASP ASVS 5.0, 6.2.1), no composition rules (docs/product-rules.md, Accounts and roles). */
export const PASSWORD_MIN_LENGTH = 8;

export function oauthDomainName(env: Environment): string {
  return `${env.authDomainPrefix}.auth.${env.region}.amazoncognito.com`;
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  readonly google: UserPoolIdentityProviderGoogle | null;

  constructor(scope: Construct, id: string, props: { env: Environment; siteOrigin: string; email: EmailSending; table: ITable }) {
    super(scope, id);
    const { env } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${env.namePrefix}-users`,
      featurePlan: FeaturePlan.ESSENTIALS,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: `Your ${site.brand} verification code`,
        emailBody: `Your ${site.brand} verification code is {####}`,
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: userPoolEmail(env),
      deletionProtection: deletionProtection(env),
      removalPolicy: removalPolicy(env),
    });

    // Our own confirmation and reset e-mails, whose links return to the site (functions/triggers.ts).
    for (const trigger of triggers) {
      const fn = new TriggerFunction(this, trigger.name, { trigger, env, siteUrl: props.siteOrigin, table: props.table });
      this.userPool.addTrigger(UserPoolOperation.of(trigger.cognitoTrigger), fn.fn);
    }

    // The SPA calls the pool directly (around CloudFront's WAF): rate rules per client address on the pool itself.
    new AuthProtection(this, 'Protection', { userPool: this.userPool, namePrefix: env.namePrefix });

    // Made in this stack: create the identity first (Cognito checks it when the pool is created or updated).
    if (env.email.userPoolSender === 'ses' && props.email.created) this.userPool.node.addDependency(props.email.created);

    new UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Yard staff with the admin dashboard',
    });
    new UserPoolGroup(this, 'StaffGroup', {
      userPool: this.userPool,
      groupName: STAFF_GROUP,
      description: 'Yard staff who record payments',
    });

    this.google = env.google
      ? new UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: env.google.clientId,
          // A dynamic reference: CloudFormation reads the secret at deploy time; it never enters the template or the code.
          clientSecretValue: SecretValue.secretsManager(env.google.clientSecretName),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          },
        })
      : null;

    const siteRoot = `${props.siteOrigin}/`;
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: `${env.namePrefix}-web`,
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
        // aws.cognito.signin.user.admin lets tokens from the Google flow manage their own account (MFA, attributes) too.
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
        // The sign-in page, which loads Amplify to finish the code exchange (the home page never loads it) and then
        // goes where the person was (web/src/features/account/sign-in-return.ts).
        callbackUrls: [`${siteRoot}login`],
        logoutUrls: [siteRoot],
      },
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(this.google ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(TOKEN_VALIDITY_HOURS),
      idTokenValidity: Duration.hours(TOKEN_VALIDITY_HOURS),
      refreshTokenValidity: Duration.days(30),
    });
    if (this.google) this.client.node.addDependency(this.google);

    this.domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: env.authDomainPrefix },
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    // Managed login pages need a style for the client; Cognito's own defaults are enough for a redirect to Google.
    new CfnManagedLoginBranding(this, 'LoginBranding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
  }
}

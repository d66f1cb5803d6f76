/**
 * The product's data: the single DynamoDB table, built from the same key definition the local stack uses
 * (functions/store/keys.ts), and the private bucket for vehicle photos that browsers upload to with
 * presigned POSTs from the site's origin.
 */
import { Aws, Duration } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../functions/store/keys';
import type { Environment } from './environments';
import { deletionProtection, removalPolicy } from './removal';

/**
 * The photo bucket's name is fixed by configuration rather than generated, so the site's security headers
 * can name it without making the distribution depend on the bucket (whose CORS rule depends on the
 * distribution's domain).
 */
export function photoBucketName(env: Environment): string {
  return `${env.namePrefix}-photos-${Aws.ACCOUNT_ID}`;
}

export class Data extends Construct {
  readonly table: Table;
  readonly photos: Bucket;

  constructor(scope: Construct, id: string, props: { env: Environment; siteOrigin: string }) {
    super(scope, id);
    const { env } = props;

    this.table = new Table(this, 'Table', {
      tableName: env.namePrefix,
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: deletionProtection(env),
      removalPolicy: removalPolicy(env),
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    this.photos = new Bucket(this, 'Photos', {
      bucketName: photoBucketName(env),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      cors: [
        {
          allowedOrigins: [props.siteOrigin],
          // Browsers only POST here (presigned uploads); photos are viewed through <img>, which needs no CORS.
          allowedMethods: [HttpMethods.POST],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: Duration.hours(1).toSeconds(),
        },
      ],
      // Uploads that never complete leave parts behind; they cost money and nobody can see them.
      // Browsers post to incoming/ (functions/store/photo-objects.ts): what completion did not move away (never completed,
      // or a re-post of a used presigned POST) is never served, and goes after a day.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }, { prefix: 'incoming/', expiration: Duration.days(1) }],
      removalPolicy: removalPolicy(env),
      autoDeleteObjects: env.removalPolicy === 'destroy',
    });
  }
}

/**
 * AWS SDK clients built from the environment. In AWS the defaults apply; locally the *_ENDPOINT variables
 * point each client at its emulator. Created lazily and reused across invocations.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const region = () => process.env.AWS_REGION ?? 'ap-southeast-2';

let documentClient: DynamoDBDocumentClient | undefined;
let baseClient: DynamoDBClient | undefined;

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    baseClient = new DynamoDBClient({
      region: region(),
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    documentClient = DynamoDBDocumentClient.from(baseClient, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

/** The plain client under dynamo(): the same connection and middleware (the local table guard sees its calls too). */
export function dynamoClient(): DynamoDBClient {
  dynamo();
  return baseClient!;
}

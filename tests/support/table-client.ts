/** The tests' one way to make a DynamoDB client for a test stack's table (DynamoDB Local). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TestEnv } from './global-setup';

/** A DynamoDB client for a test stack's DynamoDB Local; `env` is read when it first sends, so it may be filled in later. */
export function tableClient(env: TestEnv): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'ap-southeast-2',
      endpoint: async () => ({ url: new URL(env.dynamodbEndpoint) }),
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

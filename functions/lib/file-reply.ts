/**
 * A file as the API's answer. API Gateway's HTTP API passes a body through as text unless it is marked base64, so
 * binary files (PDF) go base64 with isBase64Encoded; the local gateway decodes them the same way (local/gateway.ts).
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export function fileReply(bytes: Uint8Array, { contentType, filename }: { contentType: string; filename: string }): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      // Money and personal details: never kept by a browser or a shared cache.
      'cache-control': 'no-store',
    },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}

/** GET /api/pass/{token}/wallet.pkpass: the booking as an Apple Wallet pass, where the operator offers one; a bad token: the pass's 404. */
import { fileReply } from '../lib/file-reply';
import { httpHandler } from '../lib/http';
import { applePassForToken } from '../use-cases/wallet/apple-pass-file';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const file = await applePassForToken(params.token ?? '');
  return fileReply(file.bytes, { contentType: 'application/vnd.apple.pkpass', filename: file.filename });
});

/**
 * Headers CloudFront puts on every request it sends to the API (infra/site.ts, infra/edge-functions.ts) and the
 * handler stack reads (functions/lib/origin.ts): the origin secret that proves the request came through
 * CloudFront, and the viewer's address as CloudFront saw it.
 */
export const EDGE_HEADERS = { originSecret: 'x-origin-verify', viewerAddress: 'x-viewer-address' } as const;

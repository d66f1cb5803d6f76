/**
 * CloudFront compresses what it serves (infra/site.ts, `compress: true`); the local server serves the same build
 * with sirv, which does not compress on the fly but serves a `<file>.gz` beside a file when the browser accepts gzip.
 * Writing those once at start-up makes local pages weigh what they weigh in AWS (the bench's Lighthouse run, a phone on
 * the LAN). The deploy leaves the `.gz` files out of the bucket.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** CloudFront compresses files from 1,000 bytes; smaller ones go as they are. */
const MIN_BYTES = 1000;

/** Writes `<file>.gz` for every compressible file under `dir` that has none newer than itself; answers how many. */
export function precompress(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const stat = statSync(file);
    if (stat.size < MIN_BYTES) continue;
    let gz: number | null = null;
    try {
      gz = statSync(`${file}.gz`).mtimeMs;
    } catch {
      // none yet
    }
    if (gz !== null && gz >= stat.mtimeMs) continue;
    writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
    written++;
  }
  return written;
}

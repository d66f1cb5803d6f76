/** The local server's gzip copies (local/precompress.ts): what CloudFront would compress, and only once. */
import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../local/precompress';

describe('precompress', () => {
  it('writes a .gz beside each compressible file of 1,000 bytes or more, once', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = 'console.log("a long enough bundle");\n'.repeat(60);
    writeFileSync(path.join(dir, 'assets', 'index.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>text</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'small.css'), 'a{}');
    writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(5000));

    expect(precompress(dir)).toBe(2);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'index.js.gz'))).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'small.css.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'photo.jpg.gz'))).toBe(false);

    expect(precompress(dir)).toBe(0);
    // A rebuilt file (newer than its copy) is compressed again.
    const later = new Date(statSync(path.join(dir, 'index.html.gz')).mtimeMs + 5000);
    utimesSync(path.join(dir, 'index.html'), later, later);
    expect(precompress(dir)).toBe(1);
  });
});

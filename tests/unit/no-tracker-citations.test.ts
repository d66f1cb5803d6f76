/**
 * Comments, tests and docs give the reason itself or the docs section it lives in, never a tracker's issue number a
 * new engineer cannot open. Every file git tracks is read (the lock file and binary files aside).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Spelled in two parts so this file does not cite what it forbids.
const CITATION = new RegExp(['\\bissues?', ' #?\\d+'].join(''), 'i');
const TEXT = /\.(ts|tsx|js|cjs|mjs|md|css|html|json|yml|yaml|sh)$|(^|\/)run$/;

function citationsIn(text: string): string[] {
  return text.split('\n').filter((line) => CITATION.test(line));
}

describe('tracker citations', () => {
  it('finds one where it is written, in any case and with or without #', () => {
    expect(citationsIn(['const a = 1;', `// see ${'Issue'} 12 for why`, `/* ${'issues'} #3 */`, 'an issue that 12 people hit'].join('\n'))).toHaveLength(2);
  });

  it('no file git tracks cites an issue number', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f) && f !== 'package-lock.json');
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => citationsIn(readFileSync(path.join(root, f), 'utf8')).map((line) => `${f}: ${line.trim().slice(0, 120)}`));
    expect(found).toEqual([]);
  });
});

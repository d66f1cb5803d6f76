/**
 * What the first load of `/` carries (web/src/app/main.tsx and everything it imports statically; every other page is a
 * lazy chunk): no Amplify, no admin or yard code, no schema library, and no TanStack Query (only the signed-in areas
 * mount it). The quote card on `/` reads the add-ons' price list; when that list held its zod shapes too, zod (about
 * 25 KB gzip) was preloaded on every page. The pass has an entry of its own held to the same: no zod, only
 * the QR encoder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph, packageImports, reachedFrom } from '../support/import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = 'web/src/app/main.tsx';

describe('the first load of /', () => {
  const graph = importGraph(root, { values: true });
  const files = reachedFrom(graph, ENTRY);

  it('reaches the home page and the quote card', () => {
    expect(files).toEqual(expect.arrayContaining(['web/src/app/Home.tsx', 'shared/add-ons.ts']));
  });

  it('imports no schema library, no Amplify, no TanStack Query, no QR scanner or PDF code', () => {
    const heavy = files.flatMap((f) => packageImports(root, f).filter((p) => /^(zod|@aws-amplify\/|aws-amplify|@tanstack\/|jsqr|uqr|pdf-lib|@visx\/)/.test(p)).map((p) => `${f}: ${p}`));
    expect(heavy).toEqual([]);
  });

  it('holds no admin, yard, pickup or photo feature code (the session hint of the account feature is there by design)', () => {
    expect(files.filter((f) => /^web\/src\/features\/(admin|yard|pickup|photos)\//.test(f))).toEqual([]);
  });
});

describe("the first load of a pass (its own entry, web/src/app/pass-main.tsx, and the shell's early script)", () => {
  const graph = importGraph(root, { values: true });
  const files = [...new Set([...reachedFrom(graph, 'web/src/app/pass-main.tsx'), ...reachedFrom(graph, 'web/src/features/pass/pass-early.ts')])];

  it('reaches the pass page and its QR code, not the home page, the route table or the API client', () => {
    expect(files).toEqual(expect.arrayContaining(['web/src/features/pass/pages/PassPage.tsx', 'web/src/features/pass/qr-image.ts']));
    expect(files.filter((f) => /app\/(Home|routes|App)\.tsx$|lib\/api-client\.ts$/.test(f))).toEqual([]);
  });

  it('imports no schema library, Amplify, QR scanner or PDF code: only the QR encoder', () => {
    const heavy = files.flatMap((f) => packageImports(root, f).filter((p) => /^(zod|@aws-amplify\/|aws-amplify|jsqr|uqr|pdf-lib|@visx\/)/.test(p)).map((p) => `${f}: ${p}`));
    expect(heavy).toEqual(['web/src/features/pass/qr-image.ts: uqr']);
  });
});

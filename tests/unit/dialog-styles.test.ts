/**
 * A dialog carries its own styles: every component that renders the dialog's classes imports ui/dialog.css itself, so
 * the styles come with the dialog's chunk whichever page opens it first. The pass, opened on its own, loads none of the
 * dashboard's CSS; when the styles lived in a stylesheet only the dashboard imported, its Cancel booking dialog
 * rendered unstyled below the footer with the page locked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(root, 'web/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('dialog styles', () => {
  const files = sources(web).map((f) => ({ file: path.relative(root, f), text: readFileSync(f, 'utf8') }));

  it('live in ui/dialog.css, not in a stylesheet a page imports', () => {
    for (const css of ['web/src/ui/widgets.css', 'web/src/features/account/account.css', 'web/src/styles.css']) {
      expect(readFileSync(path.join(root, css), 'utf8'), css).not.toMatch(/^\.(dialog|cancel-terms)\b/m);
    }
    expect(readFileSync(path.join(web, 'ui/dialog.css'), 'utf8')).toMatch(/^\.dialog \{[^}]*position: fixed/m);
  });

  it('are imported by every component that renders a dialog', () => {
    const rendering = files.filter((f) => /className="(dialog|dialog-overlay|cancel-terms)[" ]/.test(f.text));
    expect(rendering.map((f) => f.file)).toEqual(expect.arrayContaining(['web/src/ui/FormDialog.tsx', 'web/src/ui/CancelByTermsDialog.tsx']));
    const missing = rendering.filter((f) => !/^import '(\.\/|@\/ui\/|(\.\.\/)+ui\/)dialog\.css';$/m.test(f.text)).map((f) => f.file);
    expect(missing).toEqual([]);
  });
});

/**
 * The booking pass's fast first paint: the pre-rendered shell's tags (web/prerender-plugin.ts), the
 * skeleton it paints, the address the shell's early script reads, the file each prefix is answered with, and the
 * wallet buttons the loaded pass shows only where the operator has configured them.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { prefixShellFile } from '../../shared/prerendered-paths';
import { yardGuide } from '../../shared/site';
import { withShellTags, type Manifest } from '../../web/prerender-plugin';
import { PassSkeleton } from '../../web/src/features/pass/components/PassSkeleton';
import { WalletButtons } from '../../web/src/features/pass/components/WalletButtons';
import { passApiPath, passTokenIn } from '../../web/src/features/pass/pass-path';

const TEMPLATE = `<!doctype html>
<html><head>
    <title>x</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/home-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js', '_home-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js', css: ['assets/styles-1.css'] },
  '_home-1.js': { file: 'assets/home-1.js' },
  'src/app/pass-main.tsx': { file: 'assets/pass-1.js', isEntry: true, imports: ['_react-1.js', '_PassRoute-1.js'] },
  '_PassRoute-1.js': { file: 'assets/PassRoute-1.js', imports: ['_react-1.js', '_qr-1.js', '_config-json-1.js'], css: ['assets/PassRoute-1.css'] },
  '_qr-1.js': { file: 'assets/qr-1.js' },
  '_config-json-1.js': { file: 'assets/config-json-1.js' },
  'src/features/pass/pass-early.ts': { file: 'assets/pass-early-1.js', isEntry: true, imports: ['_config-json-1.js'] },
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('the pass shell', () => {
  const html = withShellTags(TEMPLATE, MANIFEST, 'src/app/pass-main.tsx', 'src/features/pass/pass-early.ts');
  const tags = [...html.matchAll(/<(script|link)[^>]*>/g)].map((m) => m[0]);

  it("asks for the early script and its imports first, then the pass's own entry in place of the app's", () => {
    expect(tags.slice(0, 3)).toEqual([
      '<script type="module" async crossorigin src="/assets/pass-early-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/config-json-1.js">',
      '<script type="module" crossorigin src="/assets/pass-1.js">',
    ]);
  });

  it("then every chunk the pass imports, each once, and their stylesheets, the site's before the pass's", () => {
    expect(tags.slice(3)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/PassRoute-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/qr-1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/styles-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/PassRoute-1.css">',
    ]);
    expect(html.indexOf('PassRoute-1.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it("loads nothing of the SPA's own entry: not its script, its route table's chunks or its stylesheet", () => {
    expect(html).not.toMatch(/index-1\.(js|css)|home-1\.js/);
    expect(html).toContain('<title>x</title>');
  });

  it('is what /pass/<token> is answered with; other prefixed routes get the SPA shell', () => {
    expect(prefixShellFile('/pass/p1.abc.def')).toBe('pass-shell.html');
    expect(prefixShellFile('/admin/customers/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('spa.html');
  });
});

describe("the pass's early script", () => {
  it('reads the token from the address, trailing slash or not, and asks for the same API path as the page', () => {
    expect(passTokenIn('/pass/p1.0c6b1a52-7d8e-4d61-9d1f-2b0f3c4d5e6f.AbCd_-x')).toBe('p1.0c6b1a52-7d8e-4d61-9d1f-2b0f3c4d5e6f.AbCd_-x');
    expect(passTokenIn('/pass/p1.a.b/')).toBe('p1.a.b');
    expect(passApiPath('p1.a.b')).toBe('/pass/p1.a.b');
    for (const other of ['/pass/', '/pass/a/b', '/faq', '/passes/p1.a.b', '/pass/%E0%A4%A']) expect(passTokenIn(other)).toBeNull();
  });
});

describe('PassSkeleton', () => {
  const html = renderToStaticMarkup(<PassSkeleton />);

  it("says it is loading, and has the pass's cards in the pass's order with the shared guide in full", () => {
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/role="status"[^>]*>Loading your booking pass\.\.\.</);
    expect([...html.matchAll(/<h[12][^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['Booking pass', 'Your stay', 'Payment', 'Finding the yard', 'When you arrive', 'The shuttle at the terminals']);
    for (const s of [...yardGuide.findUs, ...yardGuide.onArrival, yardGuide.shuttle.domestic, yardGuide.shuttle.international]) expect(text(html)).toContain(text(s));
    expect(html).toContain('class="pass-qr pass-placeholder"');
  });

  it("holds none of the booking's values, so a reader waiting for the reference or balance waits for the real ones", () => {
    expect(html).not.toContain('data-testid');
    expect(html).not.toMatch(/RP-|\$\d/);
  });
});

describe('WalletButtons', () => {
  const api = '/api/pass/p1.a.b';

  it('shows nothing when no wallet is configured', () => {
    expect(renderToStaticMarkup(<WalletButtons wallet={{ apple: false, google_save_url: null }} passApi={api} />)).toBe('');
  });

  it('offers the Apple Wallet pass as a download from the API, and only that, when only Apple is configured', () => {
    const html = renderToStaticMarkup(<WalletButtons wallet={{ apple: true, google_save_url: null }} passApi={api} />);
    expect(html).toMatch(/<a [^>]*href="\/api\/pass\/p1\.a\.b\/wallet\.pkpass"[^>]*download=""[^>]*>Add to Apple Wallet<\/a>/);
    expect(text(html)).not.toContain('Google');
  });

  it("opens Google's save page in a new tab when Google is configured", () => {
    const url = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.c2ln';
    const html = renderToStaticMarkup(<WalletButtons wallet={{ apple: false, google_save_url: url }} passApi={api} />);
    expect(html).toContain(`href="${url}" target="_blank" rel="noopener noreferrer"`);
    expect(text(html)).toBe('Save to Google Wallet');
    expect(html).toContain('aria-label="Add to a phone wallet"');
  });
});

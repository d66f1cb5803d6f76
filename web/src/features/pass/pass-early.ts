/**
 * A second entry of the build, loaded only by the pass's pre-rendered shell (pass-shell.html, web/prerender-plugin.ts)
 * with an async script tag: it asks for the pass in the address bar while the app and the pass's chunk are still
 * downloading, instead of after them (the pass loads on a phone as fast as the public pages), and draws the QR
 * code into the skeleton as soon as the answer is in (early-qr.ts). It shares its modules with the page, whose first read
 * (api/first-pass.ts) takes the answer. It imports nothing of the app's entry chunk, so it runs as soon as its own few
 * kilobytes are in.
 */
import { startEarlyRequest } from '../../lib/early-request';
import { drawEarlyQr } from './early-qr';
import { passApiPath, passTokenIn } from './pass-path';

const token = passTokenIn(window.location.pathname);
// The QR encoder (4 KB gzip) is among the script's imports: the shell asks for them all at once, and the pass needs it anyway.
if (token) void drawEarlyQr(startEarlyRequest(passApiPath(token)));

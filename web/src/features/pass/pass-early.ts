/**
 * A second entry of the build, loaded only by the pass's pre-rendered shell (pass-shell.html, web/prerender-plugin.ts)
 * with an async script tag: it asks for the pass in the address bar while the app and the pass's chunk are still
 * downloading, instead of after them (issue 23: the pass loads on a phone as fast as the public pages). It shares its
 * modules with the page, whose first fetchPass takes the answer. It imports nothing of the app's entry chunk, so it
 * runs as soon as its own few kilobytes are in.
 */
import { startEarlyRequest } from '../../lib/early-request';
import { passApiPath, passTokenIn } from './pass-path';

const token = passTokenIn(window.location.pathname);
if (token) startEarlyRequest(passApiPath(token));

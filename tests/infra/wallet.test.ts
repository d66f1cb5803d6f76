/**
 * Wallet passes in AWS (docs/operations.md, Wallet passes): where an environment names its wallet secret, the
 * functions whose routes need 'wallet' (the pass view, the owner's pass, the .pkpass) are told its name and may read
 * it, and no other function may; where none is named (cdk.json's dev and prod today), no function may read any such
 * secret or is told of one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeId, routes } from '../../functions/routes';
import { environments, fakeWebDist, removeTemporaryFolders, resourcesOfType, synthesizeOnce, type Synthesized } from './support/synth';

const dev = environments.dev as { namePrefix: string };
const SECRET = 'runway-parking/dev/wallet';
const subset = routes.filter((r) => r.path.startsWith('/api/pass/{token}') || r.path === '/api/me/bookings/{id}/pass');
const walletRoutes = subset.filter((r) => r.needs.includes('wallet'));

let on: Synthesized;
let off: Synthesized;

beforeAll(() => {
  on = synthesizeOnce('dev-wallet-on', () => ({ env: 'dev', overrides: { walletSecretName: SECRET }, routes: subset, webDist: fakeWebDist() }));
  off = synthesizeOnce('dev-wallet-off', () => ({ env: 'dev', routes: subset, webDist: fakeWebDist() }));
});

afterAll(() => removeTemporaryFolders());

function statements(t: Synthesized, fn: any): { Action: string | string[]; Resource?: unknown }[] {
  const roleId = fn.Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(t, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Roles).includes(roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement);
}
const functions = (t: Synthesized) => resourcesOfType(t, 'AWS::Lambda::Function').filter(([, p]) => String(p.FunctionName ?? '').startsWith(`${dev.namePrefix}-`) && p.Role?.['Fn::GetAtt']);
const readsWallet = (t: Synthesized, fn: any) => statements(t, fn).some((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(st.Resource).includes(`secret:${SECRET}`));

describe('wallet passes in the stack', () => {
  it('the pass view, the owner pass and the .pkpass need the wallet secret', () => {
    expect(walletRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/me/bookings/{id}/pass', 'GET /api/pass/{token}', 'GET /api/pass/{token}/wallet.pkpass']);
  });

  it('configured: exactly those functions are told the secret name and may read it', () => {
    const names = new Set(walletRoutes.map((r) => `${dev.namePrefix}-${routeId(r)}`));
    const all = functions(on);
    expect(all.filter(([, fn]) => names.has(fn.FunctionName))).toHaveLength(3);
    for (const [, fn] of all) {
      const mine = names.has(fn.FunctionName);
      expect({ fn: fn.FunctionName, env: fn.Environment?.Variables?.WALLET_SECRET_ID, reads: readsWallet(on, fn) }).toEqual({ fn: fn.FunctionName, env: mine ? SECRET : undefined, reads: mine });
    }
  });

  it('not configured: no function is told of a wallet secret or may read one', () => {
    const all = functions(off);
    expect(all.length).toBeGreaterThan(walletRoutes.length);
    for (const [, fn] of all) {
      expect(fn.Environment?.Variables?.WALLET_SECRET_ID, fn.FunctionName).toBeUndefined();
      expect(readsWallet(off, fn), fn.FunctionName).toBe(false);
      expect(JSON.stringify(statements(off, fn))).not.toContain('wallet');
    }
  });
});

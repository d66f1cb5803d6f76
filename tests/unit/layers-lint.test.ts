/**
 * The layer rules of docs/architecture.md are lint rules: a forbidden import in each layer fails `npm run lint`
 * with the rule's reason, however the path is spelled (relative, through `..` detours, or an alias), and the imports
 * the layers are meant to use pass. Paths are resolved, so each case names a file that exists.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const forbidden: [string, string, RegExp][] = [
  ['shared/example.ts', "import { x } from '../functions/routes';", /imports only shared/],
  ['shared/example.ts', "import { x } from 'react';", /no AWS, no React/],
  ['web/src/features/example/x.ts', "import { x } from '../../../../functions/lib/http';", /imports only web\/src and shared/],
  ['web/src/features/example/x.ts', "import { x } from '@aws-sdk/client-s3';", /no AWS SDK/],
  ['functions/lib/example.ts', "import { x } from '../store/table';", /plumbing/],
  ['functions/lib/example.ts', "import { x } from '../use-cases/booking/start-checkout';", /plumbing/],
  ['functions/store/example.ts', "import { x } from '../use-cases/account/profile';", /bottom layer/],
  ['functions/store/example.ts', "import { x } from '../lib/errors';", /knows nothing of HTTP/],
  ['functions/use-cases/booking/example.ts', "import { x } from '../../checkout/create-checkout';", /never imports a handler/],
  ['functions/use-cases/booking/example.ts', "import { HttpError } from '../../lib/errors';", /knows nothing of HTTP/],
  ['functions/use-cases/booking/example.ts', "import { x } from '../../lib/http';", /knows nothing of HTTP/],
  ['functions/checkout/example.ts', "import { x } from '../store/bookings';", /thin adapter/],
  ['functions/store/example.ts', "import { x } from '../../local/provision';", /never imports the local stack/],
  ['infra/example.ts', "import { x } from '../local/provision';", /never imports the local stack/],
  ['infra/example.ts', "import { x } from '../functions/lib/aws';", /only the route table/],
  ['local/example.ts', "import { x } from '../infra/auth';", /never the CDK app/],
  ['functions/use-cases/admin/example.ts', "import { x } from '../../maintenance/reindex';", /maintenance code/],
  ['functions/maintenance/example.ts', "import { x } from '../use-cases/admin/summary';", /imports no use case or handler/],
  ['functions/domain/example.ts', "import { x } from '../lib/errors';", /holds the domain errors/],
  ['functions/use-cases/calendar/example.ts', "import { x } from '../account/own-booking';", /so the folders never loop/],
  ['functions/use-cases/calendar/example.ts', "import { x } from '../booking/change-booking';", /so the folders never loop/],
  // Spelled another way, the same path is refused all the same.
  ['shared/example.ts', "import { x } from '../shared/../functions/routes';", /imports only shared/],
  ['functions/checkout/example.ts', "import { x } from '../checkout/../store/bookings';", /thin adapter/],
  // The web app's floors: features side by side, the shell above them, ui/ and lib/ below.
  ['web/src/features/admin/example.ts', "import { x } from '../booking/flow';", /A feature never imports another feature \(admin may not\)/],
  ['web/src/features/admin/example.ts', "import { x } from '@/features/booking/flow';", /never imports another feature/],
  ['web/src/features/admin/example.ts', "import { x } from '../../features/../features/account/session-hint';", /never imports another feature/],
  ['web/src/features/booking/example.ts', "import { x } from '@/app/routes';", /never imports the app shell/],
  ['web/src/ui/example.ts', "import { x } from '../features/booking/flow';", /ui\/ and lib\/ serve every feature/],
  ['web/src/lib/example.ts', "import { x } from '@/app/routes';", /ui\/ and lib\/ serve every feature/],
];

const allowed: [string, string][] = [
  ['shared/example.ts', "import { x } from './money';"],
  ['web/src/features/example/x.ts', "import { x } from '@shared/booking';"],
  ['functions/lib/example.ts', "import { x } from '../../shared/roles';"],
  ['functions/store/example.ts', "import { x } from '../lib/aws';"],
  ['functions/use-cases/booking/example.ts', "import { x } from '../../store/bookings';"],
  ['functions/use-cases/booking/example.ts', "import { conflict } from '../../domain/errors';"],
  ['functions/use-cases/booking/example.ts', "import { x } from '../contact/message-email';"],
  ['functions/use-cases/account/example.ts', "import { x } from '../calendar/calendar-file';"],
  ['functions/checkout/example.ts', "import { x } from '../use-cases/booking/start-checkout';"],
  ['infra/example.ts', "import { x } from '../functions/routes';"],
  ['infra/example.ts', "import { x } from '../functions/store/keys';"],
  ['local/example.ts', "import { x } from '../functions/store/keys';"],
  ['functions/maintenance/example.ts', "import { x } from '../store/maintenance';"],
  ['web/src/app/example.ts', "import { x } from '../features/booking/flow';"],
  ['web/src/features/booking/example.ts', "import { x } from './flow';"],
  ['web/src/features/admin/example.ts', "import { x } from '@/lib/api-client';"],
  ['web/src/features/admin/example.ts', "import { x } from '@/ui/Field';"],
  ['web/src/lib/example.ts', "import { x } from '@/ui/toast/ToastProvider';"],
];

describe('layer rules in lint', () => {
  it.each(forbidden)('%s: refuses %s', async (file, source, reason) => {
    const errors = await layerErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(reason);
  });

  it.each(allowed)('%s: allows %s', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});

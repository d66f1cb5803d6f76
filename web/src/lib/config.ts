/** The runtime settings (/config.json), fetched once, only by the features that need them. */
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/runtime-config';

let pending: Promise<RuntimeConfig> | undefined;

export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { cache: 'no-store' })
    .then((r) => {
      if (!r.ok) throw new Error(`config.json: ${r.status}`);
      return r.json();
    })
    .then((json) => runtimeConfigSchema.parse(json))
    .catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
  return pending;
}

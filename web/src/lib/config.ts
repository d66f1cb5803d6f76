/** The runtime settings (/config.json), fetched once, only by the features that need them. */
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/runtime-config';
import { fetchConfigJson } from './config-json';

let pending: Promise<RuntimeConfig> | undefined;

export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetchConfigJson()
    .then((json) => runtimeConfigSchema.parse(json))
    .catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
  return pending;
}

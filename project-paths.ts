/**
 * Where the project's folders are, for the code that runs from the repository (the CDK app, the local stack,
 * the bench and the commands): defined once here, at the root, so none of them imports another to find it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.dirname(fileURLToPath(import.meta.url));
/** Handler modules: functions/routes.ts and functions/triggers.ts name their entries relative to this. */
export const functionsDir = path.join(projectRoot, 'functions');

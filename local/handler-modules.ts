/** Loads handler modules of functions/ by their entry path once each, as Lambda keeps a module warm. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { functionsDir } from '../project-paths';

export function handlerLoader<H>(): (entry: string) => Promise<H> {
  const modules = new Map<string, Promise<H>>();
  return (entry) => {
    let mod = modules.get(entry);
    if (!mod) {
      mod = import(pathToFileURL(path.join(functionsDir, entry)).href).then((m: { handler: H }) => m.handler);
      modules.set(entry, mod);
    }
    return mod;
  };
}

/**
 * The only module that knows the engine runs in a Web Worker. Everything
 * else in the UI calls these async functions.
 */
import * as Comlink from 'comlink';
import type { EngineApi } from '../../workers/engine.worker';

let remote: Comlink.Remote<EngineApi> | null = null;

function engine(): Comlink.Remote<EngineApi> {
  if (!remote) {
    const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'ipcscope-engine',
    });
    remote = Comlink.wrap<EngineApi>(worker);
  }
  return remote;
}

export function engineInfo() {
  return engine().engineInfo();
}

export function describeReturn(ret: number) {
  return engine().describeReturn(ret);
}

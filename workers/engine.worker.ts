// The worker entry: builds the engine API object and exposes it. No logic here.
import * as Comlink from 'comlink';
import { engineInfo, sweepWorkload } from '../src/engine/api';
import { firstDivergence } from '../src/engine/compare_runs';
import { createSessionHost } from '../src/session/host';
import { runSmpWorkload } from '../src/engine/smp/smp_api';

const host = createSessionHost();

export const engineApi = {
  engineInfo,
  open: host.open,
  navigate: host.navigate,
  cancel: host.cancel,
  setViews: host.setViews,
  setProgressListener: host.setProgressListener,
  // one sweep at a time and synchronous: the page cancels it by restarting the worker (EngineClient.cancelSweep)
  sweep: sweepWorkload,
  firstDivergence,
  // like sweep: synchronous, cancelled by restarting the worker (EngineClient.cancelSmp)
  runSmp: runSmpWorkload,
};
export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);

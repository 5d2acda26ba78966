// The worker entry: builds the engine API object and exposes it. No logic here.
import * as Comlink from 'comlink';
import { engineInfo } from '../src/engine/api';
import { firstDivergence } from '../src/engine/compare_runs';
import { createSessionHost } from '../src/session/host';
import { runSmpWorkload } from '../src/engine/smp/smp_api';
import { checkExpectations } from '../src/engine/import/expect_run';

const host = createSessionHost();

export const engineApi = {
  engineInfo,
  open: host.open,
  navigate: host.navigate,
  cancel: host.cancel,
  setViews: host.setViews,
  ahead: host.ahead,
  shown: host.shown,
  setProgressListener: host.setProgressListener,
  firstDivergence,
  // synchronous: cancelled by restarting the worker (EngineClient.cancelSmp)
  runSmp: runSmpWorkload,
  // an imported strace log's `# expect:` results against the model (its own worker: ui/editor/expect_check)
  checkExpectations,
};
export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);

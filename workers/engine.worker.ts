// The worker entry: builds the engine API object and exposes it. No logic here.
import * as Comlink from 'comlink';
import { engineInfo } from '../src/engine/api';
import { createSessionHost } from '../src/ui/session/host';

const host = createSessionHost();

export const engineApi = {
  engineInfo,
  open: host.open,
  navigate: host.navigate,
  cancel: host.cancel,
  setProgressListener: host.setProgressListener,
};
export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);

// The worker entry: builds the engine API object and exposes it. No logic here.
import * as Comlink from 'comlink';
import { engineInfo, describeReturn } from '../src/engine/api';

export const engineApi = { engineInfo, describeReturn };
export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);

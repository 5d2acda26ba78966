// A sweep worker of the charts page's pool (src/ui/engine-client.ts createSweepPool): runs one point at a time. No logic here.
import * as Comlink from 'comlink';
import { runSweepJob } from '../src/engine/sweep';

export const sweepApi = {
  // synchronous: the page cancels a sweep by terminating the pool's workers
  point: runSweepJob,
};
export type SweepApi = typeof sweepApi;

Comlink.expose(sweepApi);

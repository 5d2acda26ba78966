/**
 * Every view the stage can show, in tab order. Each view adds its own line.
 */
import type { ViewDef } from './types';

export const VIEWS: readonly ViewDef[] = [
  // idrView, maxidxView, procView, percpuView, seqfileView
];

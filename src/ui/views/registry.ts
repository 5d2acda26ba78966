/**
 * Every view the stage can show, in tab order. Each view adds its own line.
 */
import type { ViewDef } from './types';
import { idrView } from './idr';
import { maxidxView } from './maxidx';
import { procView } from './proc';
import { percpuView } from './percpu';
import { seqfileView } from './seqfile';
import { keyhtView } from './keyht';
import { semView } from './sem';
import { shmView } from './shm';

export const VIEWS: readonly ViewDef[] = [idrView, maxidxView, procView, percpuView, seqfileView, keyhtView, semView, shmView];

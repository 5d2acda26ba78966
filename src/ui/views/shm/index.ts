// The shared-memory attachments view's entry in the registry.
import type { ShmModel } from '../../../engine/view/shm';
import type { ViewDef } from '../types';
import ShmView from './ShmView.svelte';
import { describe_shm } from './describe';

export const shmView: ViewDef<ShmModel> = {
  id: 'shm',
  title: 'Shared memory',
  component: ShmView,
  describe: describe_shm,
};

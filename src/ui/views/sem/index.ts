// The semaphore-array view's entry in the registry.
import type { SemModel } from '../../../engine/view/sem';
import type { ViewDef } from '../types';
import SemView from './SemView.svelte';
import { describeSem } from './describe';

export const semView: ViewDef<SemModel> = {
  id: 'sem',
  title: 'semaphores',
  component: SemView,
  describe: describeSem,
};

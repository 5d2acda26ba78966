/** The /proc directory view's entry in the stage. */
import type { ProcModel } from '../../../engine/view/proc';
import type { ViewDef } from '../types';
import ProcView from './ProcView.svelte';
import { describe_proc } from './describe';

export const procView: ViewDef<ProcModel> = {
  id: 'proc',
  title: '/proc directory',
  component: ProcView,
  describe: describe_proc,
};

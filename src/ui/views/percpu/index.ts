/** The per-CPU counter view's entry in the stage. */
import type { PercpuModel } from '../../../engine/view/percpu';
import type { ViewDef } from '../types';
import PercpuView from './PercpuView.svelte';
import { describe_percpu } from './describe';

export const percpuView: ViewDef<PercpuModel> = {
  id: 'percpu',
  title: 'Per-CPU counters',
  component: PercpuView,
  describe: describe_percpu,
};

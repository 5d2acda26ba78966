// The max_idx view's entry in the registry.
import type { MaxidxModel } from '../../../engine/view/maxidx';
import type { ViewDef } from '../types';
import MaxidxView from './MaxidxView.svelte';
import { describeMaxidx } from './maxidx_at';

export const maxidxView: ViewDef<MaxidxModel> = {
  id: 'maxidx',
  title: 'max_idx',
  component: MaxidxView,
  describe: describeMaxidx,
};

/** The seq_file view's entry in the stage. */
import type { SeqfileModel } from '../../../engine/view/seqfile';
import type { ViewDef } from '../types';
import SeqfileView from './SeqfileView.svelte';
import { describe_seqfile } from './describe';

export const seqfileView: ViewDef<SeqfileModel> = {
  id: 'seqfile',
  title: 'seq_file',
  component: SeqfileView,
  describe: describe_seqfile,
};

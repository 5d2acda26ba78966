// The key lookup view's entry in the registry.
import type { KeyhtModel } from '../../../engine/view/keyht';
import type { ViewDef } from '../types';
import KeyhtView from './KeyhtView.svelte';
import { describeKeyht } from './keyht_at';

export const keyhtView: ViewDef<KeyhtModel> = {
  id: 'keyht',
  title: 'key lookup',
  component: KeyhtView,
  describe: describeKeyht,
};

// The IDR view's entry in the registry.
import type { IdrModel } from '../../../engine/view/idr';
import type { ViewDef } from '../types';
import IdrView from './IdrView.svelte';
import { describeIdr } from './describe';

export const idrView: ViewDef<IdrModel> = {
  id: 'idr',
  title: 'IDR',
  component: IdrView,
  describe: describeIdr,
};

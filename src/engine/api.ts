/**
 * The engine's public surface, the same for the Web Worker (workers/) and
 * the command-line tool (src/cli/). Plain data in, plain data out.
 */
import { ENGINE_VERSION, MODELLED_KERNEL } from './version';
import { formatResult } from './uapi/errno';

export interface EngineInfo {
  version: string;
  kernel: string;
}

export function engineInfo(): EngineInfo {
  return { version: ENGINE_VERSION, kernel: MODELLED_KERNEL };
}

/** The contract's result column for a raw kernel return value (`-22` → `-1 EINVAL (Invalid argument)`). */
export function describeReturn(ret: number): string {
  return formatResult(ret);
}

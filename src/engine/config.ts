/**
 * Boot-time configuration of the simulated kernel. The kernel-history work
 * adds the switchable mechanisms and version presets here; the default is
 * Linux 6.18 as the host kernel runs it.
 */
export interface KernelConfig {
  /** boot parameter `ipcmni_extend`: index bits 24 instead of 15, min cycle 4096 */
  ipcmni_extend: boolean;
  /** pid the single simulated task reports in lspid/lrpid/cpid/lpid */
  pid: number;
  /** the virtual wall clock, in seconds since the epoch; constant while a workload runs */
  clock: number;
}

export const DEFAULT_CONFIG: Readonly<KernelConfig> = {
  ipcmni_extend: false,
  pid: 4242,
  clock: 1_767_225_600, // 2026-01-01T00:00:00Z
};

/**
 * The `ipcscope` command line. Bundled into build/cli/ipcscope.mjs; bin/ipcscope.mjs calls main().
 */
import { engineInfo } from '../engine/api';

const HELP = `ipcscope — the Linux SysV IPC internals, simulated exactly

Usage:
  ipcscope --help       this text
  ipcscope --version    the engine version
`;

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--version') || argv.includes('-V')) {
    const info = engineInfo();
    process.stdout.write(`ipcscope ${info.version} (models ${info.kernel})\n`);
    return 0;
  }
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  process.stderr.write(`ipcscope: unknown command: ${argv[0]}\n${HELP}`);
  return 2;
}

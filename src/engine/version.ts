/** The engine's version, shown by the CLI and the page. Kept equal to package.json's. */
export const ENGINE_VERSION = '0.1.0';
/** The kernel whose behaviour the default configuration reproduces. */
export const MODELLED_KERNEL = 'Linux 6.18';

// The workload the key lookup view is tested and pictured with (unit tests, e2e).

/**
 * 48 semaphore sets with keys 0x424242 … (48 is 75% of the first table's
 * 64 buckets: still 64), then: op 49 the 49th key, whose insert grows the
 * table to 128 buckets; op 50 a lookup that finds key 0x424249; op 51 a
 * lookup of a key nobody has (-ENOENT).
 */
export const KEYS_49 = ['for i in 0..48 { semget(0x424242 + i, 1, IPC_CREAT|0600) }', 'semget(0x424242 + 48, 1, IPC_CREAT|0600)', 'semget(0x424249, 1, 0)', 'semget(0x4242ff, 1, 0)'].join('\n');

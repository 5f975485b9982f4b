// How long and how hard `npm run bench` measures. The defaults give the published figures; a quick check of
// every section: BENCH_DURATION_SECONDS=2 BENCH_ROUNDS=1 BENCH_SOAK_SECONDS=5 BENCH_HEAVY_PAGES=50 BENCH_BULK_ROWS=20,200.
import { loadConfig } from '../../server/src/config';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

/** Each load round, and each securing measurement. */
export const DURATION_SECONDS = numberFromEnv('BENCH_DURATION_SECONDS', 10);
/** Rounds of each measurement; the median is reported. */
export const ROUNDS = Math.max(1, numberFromEnv('BENCH_ROUNDS', 3));
export const CONNECTIONS = 50;
export const SOAK_SECONDS = numberFromEnv('BENCH_SOAK_SECONDS', 60);
export const SOAK_CONNECTIONS = 100;
/** The server process inherits this environment, so these are the limits it enforces. */
export const SERVER_CONFIG = loadConfig(process.env);
/** Pages of the heaviest document (0 skips that section). */
export const HEAVY_PAGES = numberFromEnv('BENCH_HEAVY_PAGES', SERVER_CONFIG.PDF_MAX_PAGES);
/**
 * Rows of each bulk operation, in each mode: the per-row time of the largest is held to the smallest's (an empty
 * list skips that section). At most BULK_MAX_ROWS, which the server enforces.
 */
export const BULK_ROWS = (process.env.BENCH_BULK_ROWS ?? '1000,10000')
  .split(',')
  .filter((rows) => rows.trim() !== '')
  .map((rows) => {
    const value = Number(rows);
    if (!Number.isInteger(value) || value < 1 || value > SERVER_CONFIG.BULK_MAX_ROWS) {
      throw new Error(
        `BENCH_BULK_ROWS must list whole numbers of rows from 1 to ${SERVER_CONFIG.BULK_MAX_ROWS}`,
      );
    }
    return value;
  })
  .sort((a, b) => a - b);
/** Debian's Chromium, as the browser tests use it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

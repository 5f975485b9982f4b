// How long securing takes, as the person waiting sees it (a free worker awaited included): the pool wrapped
// rather than changed, as tests share one pool between their apps and each app counts into its own metrics.
import type { SecuringPool } from './securing-pool';
import type { Histogram } from 'prom-client';

/** The pool, observing each document and design secured into `durations` (labelled by job). */
export function timeSecuring(pool: SecuringPool, durations: Histogram<'job'>): SecuringPool {
  const timed =
    <Input, Output>(job: string, secure: (input: Input) => Promise<Output>) =>
    async (input: Input): Promise<Output> => {
      const stop = durations.startTimer({ job });
      const secured = await secure(input);
      stop();
      return secured;
    };
  return {
    ...pool,
    secureDocument: timed('document', pool.secureDocument),
    secureDesign: timed('design', pool.secureDesign),
  };
}

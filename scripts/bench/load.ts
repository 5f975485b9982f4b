// Load with autocannon: CONNECTIONS connections for DURATION_SECONDS, ROUNDS times; medians reported.
import autocannon from 'autocannon';

import { median } from './report';
import { CONNECTIONS, DURATION_SECONDS, ROUNDS } from './settings';

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  /** Over all rounds: answers other than 2xx, plus errors and timeouts. */
  failures: number;
}

// What a browser sends, so that a server answering in brotli or gzip is measured as a browser sees it.
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** `url` may list several addresses: the connections are spread over them in turn (a round-robin balancer). */
export async function loadRounds(url: string | string[]): Promise<LoadFigures> {
  const rounds: autocannon.Result[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.push(
      await autocannon({
        // autocannon's types name one address; it takes several (its README's `url`).
        url: url as string,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        headers: BROWSER_HEADERS,
      }),
    );
  }
  return {
    requestsPerSecond: median(rounds.map((result) => result.requests.average)),
    p99Ms: median(rounds.map((result) => result.latency.p99)),
    failures: rounds.reduce(
      (sum, result) => sum + result.non2xx + result.errors + result.timeouts,
      0,
    ),
  };
}

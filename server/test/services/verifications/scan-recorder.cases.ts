import {
  RECENT_SCANS,
  ScanRecorder,
  type ScanBatch,
  type Scan,
} from '../../../src/services/verifications/scan-recorder';

function scan(verificationId = 'v1', visitor = 'a1', scannedAt = new Date()): Scan {
  return { verificationId, scannedAt, device: 'mobile', browser: 'Safari', country: null, visitor };
}

/** Each day tally as `verification: views/visitors`. */
function tallies(batch: ScanBatch): string[] {
  return batch.days.map((day) => `${day.verificationId}: ${day.scans}/${day.visitors.size}`);
}

afterEach(() => {
  jest.useRealTimers();
});

test('views are tallied per verification and written in one batch after the flush interval', async () => {
  jest.useFakeTimers();
  const batches: ScanBatch[] = [];
  const recorder = new ScanRecorder({
    write: async (batch) => void batches.push(batch),
    flushIntervalMs: 2000,
  });

  recorder.record({ ...scan('a'), country: 'GB' });
  recorder.record(scan('b'));
  recorder.record({ ...scan('a', 'a2'), device: 'desktop', browser: 'Chrome' });
  expect(batches).toEqual([]);
  expect(recorder.waitingCount).toBe(3);

  await jest.advanceTimersByTimeAsync(2000);
  expect(batches.map(tallies)).toEqual([['a: 2/2', 'b: 1/1']]);
  expect(batches[0]!.days[0]).toMatchObject({
    devices: { mobile: 1, desktop: 1 },
    browsers: { Safari: 1, Chrome: 1 },
    countries: { GB: 1 },
  });
  expect(batches[0]!.recent.map((item) => item.verificationId)).toEqual(['a', 'a', 'b']);
  expect(recorder.waitingCount).toBe(0);

  await jest.advanceTimersByTimeAsync(10_000);
  expect(batches).toHaveLength(1);
});

test('many distinct visitors waiting are written at once', async () => {
  const batches: ScanBatch[] = [];
  const recorder = new ScanRecorder({
    write: async (batch) => void batches.push(batch),
    flushAtVisitors: 3,
  });

  for (const visitor of ['x', 'y', 'y', 'z']) recorder.record(scan('v1', visitor));
  await recorder.flush();

  expect(batches.map(tallies)).toEqual([['v1: 4/3']]);
  await recorder.close();
});

test('each verification keeps its latest views only, and days before yesterday are dropped', async () => {
  const batches: ScanBatch[] = [];
  const recorder = new ScanRecorder({ write: async (batch) => void batches.push(batch) });
  const start = Date.now();
  for (let index = 0; index < 3 * RECENT_SCANS; index += 1) {
    recorder.record(scan('v1', 'a1', new Date(start + index)));
  }
  recorder.record(scan('old', 'a1', new Date(start - 3 * 86_400_000)));
  await recorder.flush();

  expect(batches.map(tallies)).toEqual([[`v1: ${3 * RECENT_SCANS}/1`]]);
  const recent = batches[0]!.recent;
  expect(recent).toHaveLength(RECENT_SCANS);
  expect(recent.at(-1)!.scannedAt.getTime()).toBe(start + 3 * RECENT_SCANS - 1);
  await recorder.close();
});

test('closing writes what is waiting, and later views are ignored', async () => {
  const batches: ScanBatch[] = [];
  const recorder = new ScanRecorder({ write: async (batch) => void batches.push(batch) });

  recorder.record(scan());
  await recorder.close();
  recorder.record(scan());
  await recorder.flush();

  expect(batches.map(tallies)).toEqual([['v1: 1/1']]);
});

test('a failed write is reported and retried, added to the views recorded since', async () => {
  jest.useFakeTimers();
  const batches: ScanBatch[] = [];
  const errors: number[] = [];
  let fail = true;
  const recorder = new ScanRecorder({
    write: async (batch) => {
      if (fail) throw new Error('database down');
      batches.push(batch);
    },
    flushIntervalMs: 1000,
    onError: (_error, waiting) => errors.push(waiting),
  });

  recorder.record(scan('a', 'x'));
  await jest.advanceTimersByTimeAsync(1000);
  expect(errors).toEqual([1]);
  recorder.record(scan('a', 'y'));
  recorder.record(scan('b'));
  fail = false;
  await jest.advanceTimersByTimeAsync(1000);

  expect(batches.map(tallies)).toEqual([['a: 2/2', 'b: 1/1']]);
  expect(batches[0]!.recent.map((item) => item.visitor)).toEqual(['x', 'y', 'a1']);
});

test('at most maxWaitingVisitors visitors are told apart while writes fail; every view still counts', async () => {
  const batches: ScanBatch[] = [];
  let fail = true;
  const recorder = new ScanRecorder({
    write: async (batch) => {
      if (fail) throw new Error('database down');
      batches.push(batch);
    },
    maxWaitingVisitors: 3,
    onError: () => undefined,
  });

  for (const visitor of ['a', 'b', 'c', 'd', 'e']) recorder.record(scan('v1', visitor));
  await recorder.flush();
  expect(recorder.waitingCount).toBe(5);
  fail = false;
  await recorder.flush();

  expect(batches.map(tallies)).toEqual([['v1: 5/3']]);
  await recorder.close();
});

test('flushes never overlap: a flush asked for during a write waits for it', async () => {
  let active = 0;
  let maxActive = 0;
  const recorder = new ScanRecorder({
    write: async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 20));
      active -= 1;
    },
  });

  recorder.record(scan());
  const first = recorder.flush();
  recorder.record(scan());
  const second = recorder.flush();
  await Promise.all([first, second]);

  expect(maxActive).toBe(1);
  expect(recorder.waitingCount).toBe(0);
});

import { ScanRecorder, type Scan } from '../../../src/services/verifications/scan-recorder';

function scan(verificationId = 'v1'): Scan {
  return {
    verificationId,
    scannedAt: new Date(),
    device: 'mobile',
    browser: 'Safari',
    country: null,
    visitor: 'a1',
  };
}

afterEach(() => {
  jest.useRealTimers();
});

test('scans are written in one batch after the flush interval, not one write each', async () => {
  jest.useFakeTimers();
  const batches: Scan[][] = [];
  const recorder = new ScanRecorder({
    write: async (scans) => void batches.push(scans),
    flushIntervalMs: 2000,
  });

  recorder.record(scan('a'));
  recorder.record(scan('b'));
  recorder.record(scan('a'));
  expect(batches).toEqual([]);
  expect(recorder.waitingCount).toBe(3);

  await jest.advanceTimersByTimeAsync(2000);
  expect(batches.map((batch) => batch.map((item) => item.verificationId))).toEqual([
    ['a', 'b', 'a'],
  ]);
  expect(recorder.waitingCount).toBe(0);

  await jest.advanceTimersByTimeAsync(10_000);
  expect(batches).toHaveLength(1);
});

test('a full batch is written at once', async () => {
  const batches: Scan[][] = [];
  const recorder = new ScanRecorder({
    write: async (scans) => void batches.push(scans),
    batchSize: 3,
  });

  recorder.record(scan());
  recorder.record(scan());
  recorder.record(scan());
  await recorder.flush();

  expect(batches.map((batch) => batch.length)).toEqual([3]);
  await recorder.close();
});

test('closing writes what is waiting, and later scans are ignored', async () => {
  const batches: Scan[][] = [];
  const recorder = new ScanRecorder({ write: async (scans) => void batches.push(scans) });

  recorder.record(scan());
  await recorder.close();
  recorder.record(scan());
  await recorder.flush();

  expect(batches.map((batch) => batch.length)).toEqual([1]);
});

test('a failed write is reported and retried with the scans recorded since, in order', async () => {
  jest.useFakeTimers();
  const batches: string[][] = [];
  const errors: number[] = [];
  let fail = true;
  const recorder = new ScanRecorder({
    write: async (scans) => {
      if (fail) throw new Error('database down');
      batches.push(scans.map((item) => item.verificationId));
    },
    flushIntervalMs: 1000,
    onError: (_error, waiting) => errors.push(waiting),
  });

  recorder.record(scan('a'));
  await jest.advanceTimersByTimeAsync(1000);
  expect(errors).toEqual([1]);
  recorder.record(scan('b'));
  fail = false;
  await jest.advanceTimersByTimeAsync(1000);

  expect(batches).toEqual([['a', 'b']]);
});

test('while writes keep failing, at most maxWaiting scans are kept (the newest)', async () => {
  const recorder = new ScanRecorder({
    write: async () => {
      throw new Error('database down');
    },
    maxWaiting: 3,
    onError: () => undefined,
  });

  for (const id of ['a', 'b', 'c', 'd', 'e']) recorder.record(scan(id));
  await recorder.flush();

  expect(recorder.waitingCount).toBe(3);
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

import { ExpiringCache } from '../../src/lib/expiring-cache';

interface Row {
  title: string;
}

function fakeDatabase(rows: Record<string, Row>) {
  const loads: string[] = [];
  return {
    loads,
    load: async (code: string) => {
      loads.push(code);
      await new Promise((resolve) => setImmediate(resolve));
      return rows[code] ?? null;
    },
  };
}

test('a code is read from the database once, then answered from memory', async () => {
  const database = fakeDatabase({ one: { title: 'One' } });
  const cache = new ExpiringCache<Row>({ load: database.load });

  expect(await cache.get('one')).toEqual({ title: 'One' });
  expect(await cache.get('one')).toEqual({ title: 'One' });
  expect(database.loads).toEqual(['one']);
});

test('unknown codes are remembered too, so guessing codes costs the database one read each', async () => {
  const database = fakeDatabase({});
  const cache = new ExpiringCache<Row>({ load: database.load });

  expect(await cache.get('nope')).toBeNull();
  expect(await cache.get('nope')).toBeNull();
  expect(database.loads).toEqual(['nope']);
});

test('concurrent misses for one code share one read', async () => {
  const database = fakeDatabase({ one: { title: 'One' } });
  const cache = new ExpiringCache<Row>({ load: database.load });

  const answers = await Promise.all([cache.get('one'), cache.get('one'), cache.get('one')]);
  expect(answers).toEqual([{ title: 'One' }, { title: 'One' }, { title: 'One' }]);
  expect(database.loads).toEqual(['one']);
});

test('changes made through the app show at once: set after create or edit, delete after delete', async () => {
  const database = fakeDatabase({});
  const cache = new ExpiringCache<Row>({ load: database.load });
  expect(await cache.get('new')).toBeNull();

  cache.set('new', { title: 'Created' });
  expect(await cache.get('new')).toEqual({ title: 'Created' });

  cache.set('new', { title: 'Edited' });
  expect(await cache.get('new')).toEqual({ title: 'Edited' });

  cache.delete('new');
  expect(await cache.get('new')).toBeNull();
  expect(database.loads).toEqual(['new']);
});

test('a read that started before a change does not overwrite it with older data', async () => {
  let finishLoad: (row: Row) => void = () => undefined;
  const cache = new ExpiringCache<Row>({
    load: () => new Promise((resolve) => (finishLoad = resolve)),
  });

  const slowRead = cache.get('one');
  cache.set('one', { title: 'Newer' });
  finishLoad({ title: 'Older' });

  expect(await slowRead).toEqual({ title: 'Older' });
  expect(await cache.get('one')).toEqual({ title: 'Newer' });
});

test('entries are read again once older than maxAgeMs', async () => {
  let now = 0;
  const rows = { one: { title: 'One' } };
  const database = fakeDatabase(rows);
  const cache = new ExpiringCache<Row>({ load: database.load, maxAgeMs: 1000, now: () => now });

  await cache.get('one');
  now = 999;
  await cache.get('one');
  rows.one = { title: 'Renamed elsewhere' };
  now = 1000;
  expect(await cache.get('one')).toEqual({ title: 'Renamed elsewhere' });
  expect(database.loads).toEqual(['one', 'one']);
});

test('it holds at most maxEntries, dropping the least recently used', async () => {
  const database = fakeDatabase({ a: { title: 'A' }, b: { title: 'B' }, c: { title: 'C' } });
  const cache = new ExpiringCache<Row>({ load: database.load, maxEntries: 2 });

  await cache.get('a');
  await cache.get('b');
  await cache.get('a'); // a is now more recent than b
  await cache.get('c'); // drops b
  expect(cache.size).toBe(2);

  await cache.get('a');
  await cache.get('b');
  expect(database.loads).toEqual(['a', 'b', 'c', 'b']);
});

test('a failed read is not remembered', async () => {
  let fail = true;
  const cache = new ExpiringCache<Row>({
    load: async () => {
      if (fail) throw new Error('database down');
      return { title: 'Back' };
    },
  });

  await expect(cache.get('one')).rejects.toThrow('database down');
  fail = false;
  expect(await cache.get('one')).toEqual({ title: 'Back' });
});

test('refresh reads the code again at once, and wins over a read already under way', async () => {
  const rows: Record<string, Row> = { one: { title: 'One' } };
  const database = fakeDatabase(rows);
  const cache = new ExpiringCache<Row>({ load: database.load });
  await cache.get('one');

  rows.one = { title: 'Revoked' };
  expect(await cache.refresh('one')).toEqual({ title: 'Revoked' });
  expect(await cache.get('one')).toEqual({ title: 'Revoked' });
  expect(database.loads).toEqual(['one', 'one']);
});

test('forget drops an entry without reading it; the next get reads it again, and a load in flight is not kept', async () => {
  const rows: Record<string, Row> = { one: { title: 'One' } };
  const database = fakeDatabase(rows);
  const cache = new ExpiringCache<Row>({ load: database.load });
  await cache.get('one');

  rows.one = { title: 'Changed' };
  const inFlight = cache.refresh('one');
  cache.forget('one');

  expect(database.loads).toEqual(['one', 'one']);
  await inFlight;
  expect(cache.size).toBe(0);
  expect(await cache.get('one')).toEqual({ title: 'Changed' });
  expect(database.loads).toEqual(['one', 'one', 'one']);
});

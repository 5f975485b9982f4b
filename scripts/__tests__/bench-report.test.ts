// The bench prints each figure beside its goal, says whether it is met, and by how much a missed one is missed.
import { atLeast, atMost, formats, median, parseSavedFigures, Report } from '../bench/report';

let printed: string[];

beforeEach(() => {
  printed = [];
  jest.spyOn(console, 'log').mockImplementation((text: string) => printed.push(text));
});

afterEach(() => {
  jest.restoreAllMocks();
});

test('a goal met and a goal missed, with the shortfall in the goal’s unit', () => {
  const report = new Report();

  report.line('/v/{code}', '38 % of the floor', atLeast(38, 50, formats.percent));
  report.line('idle RSS', '250 MiB', atMost(250, 300, formats.mib));
  report.summary();

  expect(printed[0]).toMatch(/\/v\/\{code\}\s+38 % of the floor {3}goal ≥ 50 %: MISSED by 12 %$/);
  expect(printed[1]).toMatch(/idle RSS\s+250 MiB {3}goal ≤ 300 MiB: met$/);
  expect(printed.slice(2)).toEqual([
    '\nGoals: 1 of 2 met',
    '  missed: /v/{code}: 38 % of the floor (goal ≥ 50 %, missed by 12 %)',
  ]);
});

test('medians of odd and even counts', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});

test('--save keeps each figure under its section; --compare prints the saved one beside the new', () => {
  const before = new Report();
  before.heading('Public routes');
  before.line('/v/{code}', '30 % of the floor', atLeast(30, 50, formats.percent));
  const saved = parseSavedFigures(JSON.stringify(before.saved()), 'bench.json');
  expect(saved.figures).toEqual({ 'Public routes › /v/{code}': '30 % of the floor' });
  printed = [];

  const after = new Report(saved);
  after.heading('Public routes');
  after.line('/v/{code}', '41 % of the floor', atLeast(41, 50, formats.percent));
  after.line('public JSON', '45 % of the floor');

  expect(printed[1]).toMatch(
    /41 % of the floor {3}\(before: 30 % of the floor\) {3}goal ≥ 50 %: MISSED/,
  );
  expect(printed[2]).not.toContain('before');
});

test('--compare refuses a file that --save did not write', () => {
  expect(() => parseSavedFigures('{"figures": {"a": 1}}', 'x.json')).toThrow(
    'x.json is not a file npm run bench -- --save wrote',
  );
  expect(() => parseSavedFigures('[]', 'x.json')).toThrow('x.json is not a file');
});

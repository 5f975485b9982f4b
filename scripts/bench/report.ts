// The bench's output: each figure beside its goal, whether the goal is met and, if not, by how much.

export interface GoalCheck {
  /** "goal ≥ 50 %" */
  goal: string;
  isMet: boolean;
  /** How far the figure is from the goal, in the goal's unit. */
  missedBy: string;
}

type Format = (value: number) => string;

export function atLeast(value: number, goal: number, format: Format): GoalCheck {
  return { goal: `goal ≥ ${format(goal)}`, isMet: value >= goal, missedBy: format(goal - value) };
}

export function atMost(value: number, goal: number, format: Format): GoalCheck {
  return { goal: `goal ≤ ${format(goal)}`, isMet: value <= goal, missedBy: format(value - goal) };
}

export const formats = {
  percent: (value: number) => `${value.toFixed(0)} %`,
  times: (value: number) => `${value.toFixed(2)}×`,
  score: (value: number) => value.toFixed(0),
  mib: (value: number) => `${value.toFixed(0)} MiB`,
  kb: (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`,
} satisfies Record<string, Format>;

export const thousands = (value: number) => Math.round(value).toLocaleString('en-GB');

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const LABEL_WIDTH = 50;
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A run's figures by section and label, as `npm run bench -- --save <file>` writes them. */
export interface SavedFigures {
  savedAt: string;
  figures: Record<string, string>;
}

/** A file --save wrote; an Error saying what is wrong with any other. */
export function parseSavedFigures(text: string, file: string): SavedFigures {
  const parsed: unknown = JSON.parse(text);
  const figures = (parsed as Partial<SavedFigures> | null)?.figures;
  const isFigures =
    typeof figures === 'object' &&
    figures !== null &&
    Object.values(figures).every((figure) => typeof figure === 'string');
  if (!isFigures) throw new Error(`${file} is not a file npm run bench -- --save wrote`);
  return parsed as SavedFigures;
}

export class Report {
  private readonly missed: string[] = [];
  private checked = 0;
  private section = '';
  private readonly figures: Record<string, string> = {};

  /** `earlier`: a saved run, each of whose figures is printed beside this run's (--compare). */
  constructor(private readonly earlier: SavedFigures | null = null) {}

  heading(text: string): void {
    this.section = text;
    console.log(`\n${text}`);
  }

  note(text: string): void {
    console.log(`  ${text}`);
  }

  /** One figure and the goals it is held to, on one line. */
  line(label: string, figure: string, ...checks: GoalCheck[]): void {
    const key = `${squeeze(this.section)} › ${label}`;
    this.figures[key] = squeeze(figure);
    const before = this.earlier?.figures[key];
    const verdicts = checks.map((check) => {
      this.checked += 1;
      if (check.isMet) return `${check.goal}: met`;
      this.missed.push(`${label}: ${squeeze(figure)} (${check.goal}, missed by ${check.missedBy})`);
      return `${check.goal}: MISSED by ${check.missedBy}`;
    });
    const compared = before === undefined ? [] : [`(before: ${before})`];
    console.log(`  ${label.padEnd(LABEL_WIDTH)}${[figure, ...compared, ...verdicts].join('   ')}`);
  }

  /** This run's figures, for --save. */
  saved(): SavedFigures {
    return { savedAt: new Date().toISOString(), figures: { ...this.figures } };
  }

  summary(): void {
    this.heading(`Goals: ${this.checked - this.missed.length} of ${this.checked} met`);
    for (const missed of this.missed) this.note(`missed: ${missed}`);
  }
}

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

export class Report {
  private readonly missed: string[] = [];
  private checked = 0;

  heading(text: string): void {
    console.log(`\n${text}`);
  }

  note(text: string): void {
    console.log(`  ${text}`);
  }

  /** One figure and the goals it is held to, on one line. */
  line(label: string, figure: string, ...checks: GoalCheck[]): void {
    const verdicts = checks.map((check) => {
      this.checked += 1;
      if (check.isMet) return `${check.goal}: met`;
      this.missed.push(`${label}: ${squeeze(figure)} (${check.goal}, missed by ${check.missedBy})`);
      return `${check.goal}: MISSED by ${check.missedBy}`;
    });
    console.log(`  ${label.padEnd(LABEL_WIDTH)}${[figure, ...verdicts].join('   ')}`);
  }

  summary(): void {
    this.heading(`Goals: ${this.checked - this.missed.length} of ${this.checked} met`);
    for (const missed of this.missed) this.note(`missed: ${missed}`);
  }
}

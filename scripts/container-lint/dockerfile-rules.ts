// The rules the image's Dockerfile keeps, checked by reading it: hadolint is not installed here and Docker cannot
// pull images on these machines, so scripts/__tests__/container-files.test.ts lints the file instead of building it.

export interface Instruction {
  /** Upper case: FROM, RUN, COPY… */
  keyword: string;
  /** The rest of the instruction, continuation lines joined. */
  args: string;
  /** Where it starts in the file (1-based). */
  line: number;
}

interface Stage {
  image: string;
  name: string | undefined;
  line: number;
  instructions: Instruction[];
}

// Debian's slim Node images, by version (node:22-bookworm-slim), optionally pinned further to a digest.
const DEBIAN_SLIM_NODE =
  /^(?:docker\.io\/(?:library\/)?)?node:\d+(?:\.\d+){0,2}-(?:bookworm|trixie|bullseye)-slim(?:@sha256:[0-9a-f]{64})?$/;
const BROWSER = /chromium|chrome|playwright|puppeteer/i;
const NPM_INSTALL = /\bnpm\s+(?:install|i|add)\b/;
const REMOTE_SOURCE = /(?:^|\s)(?:https?:\/\/|git@)/;

/** Instructions with their continuation lines joined; comment lines (inside a continuation too) dropped. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pieces: string[] = [];
  let startLine = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (pieces.length === 0) startLine = index + 1;
    const continues = line.endsWith('\\');
    pieces.push(continues ? line.slice(0, -1).trim() : line);
    if (continues) return;
    const [keyword = '', ...rest] = pieces.join(' ').split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: startLine });
    pieces = [];
  });
  return instructions;
}

function splitStages(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      const hasName = words[1]?.toUpperCase() === 'AS';
      stages.push({
        image: words[0] ?? '',
        name: hasName ? words[2] : undefined,
        line: instruction.line,
        instructions: [],
      });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

function baseImageProblems(stages: Stage[]): string[] {
  const problems: string[] = [];
  if (stages.length < 2) {
    problems.push('multi-stage: a build stage and a runtime stage (two FROM or more)');
  }
  stages.forEach((stage, index) => {
    if (!stage.name)
      problems.push(`FROM ${stage.image} (line ${stage.line}) names no stage (AS <name>)`);
    const isEarlierStage = stages.slice(0, index).some((earlier) => earlier.name === stage.image);
    if (!isEarlierStage && !DEBIAN_SLIM_NODE.test(stage.image)) {
      problems.push(
        `FROM ${stage.image} (line ${stage.line}): use a Debian-slim Node image by version, such as node:22-bookworm-slim`,
      );
    }
  });
  return problems;
}

function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === keyword)
    .map((instruction) => instruction.args);
}

/** ENV's names and values, in either form: `ENV A=1 B=2` or `ENV A 1`. */
function environmentOf(stage: Stage): Map<string, string> {
  const environment = new Map<string, string>();
  for (const args of argsOf(stage, 'ENV')) {
    const pairs = [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)];
    if (pairs.length === 0) {
      const [name = '', ...value] = args.split(/\s+/);
      environment.set(name, value.join(' '));
    }
    for (const [, name, value] of pairs) environment.set(name!, value!.replace(/^"|"$/g, ''));
  }
  return environment;
}

function isRootUser(user: string): boolean {
  const name = user.split(':')[0];
  return name === 'root' || name === '0';
}

function runtimeProblems(runtime: Stage): string[] {
  const problems: string[] = [];
  const runs = argsOf(runtime, 'RUN');
  if (!runs.some((run) => /\bnpm\s+ci\b/.test(run) && /--omit=dev\b/.test(run))) {
    problems.push('the runtime stage installs production dependencies only: npm ci --omit=dev');
  }
  const user = argsOf(runtime, 'USER').at(-1);
  if (!user || isRootUser(user)) {
    problems.push('the runtime stage runs as a user other than root (USER node)');
  }
  const healthcheck = argsOf(runtime, 'HEALTHCHECK').at(-1);
  if (!healthcheck || /^NONE\b/i.test(healthcheck)) {
    problems.push('the runtime stage has a HEALTHCHECK');
  }
  const exposed = argsOf(runtime, 'EXPOSE').flatMap((args) => args.split(/\s+/));
  if (!exposed.some((port) => /^8080(?:\/tcp)?$/.test(port))) {
    problems.push('the runtime stage exposes the server port: EXPOSE 8080');
  }
  if (environmentOf(runtime).get('HOST') !== '0.0.0.0') {
    problems.push(
      'the runtime stage sets HOST=0.0.0.0: the server listens on 127.0.0.1 by default, out of reach from outside',
    );
  }
  return [...problems, ...runtimeCopyProblems(runtime)];
}

// The runtime stage gets what runs, and node_modules from its own production install.
function runtimeCopyProblems(runtime: Stage): string[] {
  const problems: string[] = [];
  for (const args of argsOf(runtime, 'COPY')) {
    const words = args.split(/\s+/);
    const sources = words.filter((word) => !word.startsWith('--')).slice(0, -1);
    const isFromStage = words.some((word) => word.startsWith('--from='));
    if (!isFromStage && sources.some((source) => source === '.' || source === './')) {
      problems.push(
        `COPY ${args}: the runtime stage copies what runs, not the whole build context`,
      );
    }
    if (isFromStage && sources.some((source) => source.includes('node_modules'))) {
      problems.push(
        `COPY ${args}: node_modules from another stage brings devDependencies; install them with npm ci --omit=dev`,
      );
    }
  }
  return problems;
}

function instructionProblems(instructions: Instruction[]): string[] {
  const problems: string[] = [];
  for (const { keyword, args, line } of instructions) {
    if (keyword === 'RUN' && BROWSER.test(args)) {
      problems.push(
        `RUN (line ${line}) installs a browser: the image has none (Chromium is for e2e tests)`,
      );
    }
    if (keyword === 'RUN' && NPM_INSTALL.test(args)) {
      problems.push(`RUN (line ${line}): install from the lockfile with npm ci, not npm install`);
    }
    if (keyword === 'ADD' && REMOTE_SOURCE.test(` ${args}`)) {
      problems.push(`ADD (line ${line}) fetches a URL: COPY files from the context instead`);
    }
  }
  return problems;
}

/** What the Dockerfile breaks, one line each; none when it keeps every rule. */
export function dockerfileProblems(text: string): string[] {
  const instructions = parseDockerfile(text);
  const stages = splitStages(instructions);
  const runtime = stages.at(-1);
  return [
    ...baseImageProblems(stages),
    ...(runtime ? runtimeProblems(runtime) : []),
    ...instructionProblems(instructions),
  ];
}

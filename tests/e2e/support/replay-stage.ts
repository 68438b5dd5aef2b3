import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import { commandOf, envPairs, ignoreMatcher, leadingFlags, type Stage } from './dockerfile.ts';

const run = promisify(execFile);

/** What the replayed stage leaves for starting the container: its environment, user and commands. */
export interface ReplayedImage {
  readonly env: Readonly<Record<string, string>>;
  readonly user: string | null;
  readonly exposed: readonly string[];
  readonly healthcheck: readonly string[] | null;
  readonly cmd: readonly string[];
}

export interface ReplayOptions {
  /** the build context: the repository, already built (`npm run build` ran before the e2e stage) */
  readonly context: string;
  /** the empty folder that stands for the image's WORKDIR */
  readonly folder: string;
  /** the environment npm runs with (PATH to Node 24, HOME for its cache) */
  readonly env: Readonly<Record<string, string>>;
  /** added to every npm command: here `--prefer-offline`, the machine's cache instead of a layer cache */
  readonly npmOptions: readonly string[];
}

/**
 * Replays the last stage of a Dockerfile into a folder: COPY from the context (minus .dockerignore)
 * or from an earlier stage (whose WORKDIR stands for the built repository), RUN of npm commands,
 * ENV, USER, EXPOSE, HEALTHCHECK and CMD. Anything else fails, so that a new kind of step in the
 * recipe has to be taught here rather than silently skipped.
 */
export async function replayRuntimeStage(stages: readonly Stage[], options: ReplayOptions): Promise<ReplayedImage> {
  const runtime = stages.at(-1);
  if (!runtime) throw new Error('the Dockerfile has no stage');
  const ignored = ignoreMatcher(readText(join(options.context, '.dockerignore')));
  const env: Record<string, string> = {};
  let workdir: string | null = null;
  let user: string | null = null;
  let healthcheck: string[] | null = null;
  let cmd: string[] | null = null;
  const exposed: string[] = [];

  const inFolder = (containerPath: string): string => {
    if (workdir === null) throw new Error('COPY before WORKDIR: the test maps WORKDIR to its folder');
    const absolute = posix.resolve(workdir, containerPath);
    if (absolute !== workdir && !absolute.startsWith(`${workdir}/`)) {
      throw new Error(`${containerPath} is outside WORKDIR ${workdir}`);
    }
    return join(options.folder, posix.relative(workdir, absolute));
  };

  for (const { keyword, args, line } of runtime.instructions) {
    const where = `Dockerfile line ${line}`;
    switch (keyword) {
      case 'WORKDIR':
        workdir = posix.resolve(workdir ?? '/', args);
        break;
      case 'ENV':
        Object.assign(env, envPairs(args));
        break;
      case 'COPY': {
        const { flags, rest } = leadingFlags(args);
        const paths = rest.split(/\s+/);
        const destination = paths.pop() ?? '';
        if (paths.length === 0) throw new Error(`${where}: COPY needs a source and a destination`);
        if (paths.some((path) => /[*?[]/.test(path))) throw new Error(`${where}: wildcards are not replayed`);
        const from = flags.get('from');
        const sources = from
          ? paths.map((path) => join(options.context, stageWorkdirRelative(stages, from, path, where)))
          : paths.map((path) => join(options.context, path));
        const intoFolder = destination.endsWith('/') || paths.length > 1;
        for (const source of sources) {
          if (!existsSync(source)) throw new Error(`${where}: ${source} does not exist (was the site built?)`);
          const target = statSync(source).isDirectory()
            ? inFolder(destination)
            : intoFolder
              ? join(inFolder(destination), basename(source))
              : inFolder(destination);
          mkdirSync(statSync(source).isDirectory() ? target : join(target, '..'), { recursive: true });
          cpSync(source, target, {
            recursive: true,
            // the context is what .dockerignore leaves; an earlier stage's files are all there
            filter: (path) => from !== undefined || !ignored(relative(options.context, path)),
          });
        }
        break;
      }
      case 'RUN': {
        const { rest } = leadingFlags(args);
        for (const part of rest.split('&&').map((command) => command.trim())) {
          const [program, ...words] = part.split(/\s+/);
          if (program !== 'npm' || /["'$`|;<>]/.test(part)) {
            throw new Error(`${where}: only plain npm commands are replayed, not "${part}"`);
          }
          await run('npm', [...words, ...options.npmOptions], {
            cwd: options.folder,
            env: options.env,
            maxBuffer: 16 * 1024 * 1024,
          });
        }
        break;
      }
      case 'USER':
        user = args;
        break;
      case 'EXPOSE':
        exposed.push(...args.split(/\s+/));
        break;
      case 'HEALTHCHECK': {
        const { rest } = leadingFlags(args);
        healthcheck = /^NONE$/i.test(rest) ? null : commandOf(rest.replace(/^CMD\s+/i, ''));
        break;
      }
      case 'CMD':
        cmd = commandOf(args);
        break;
      case 'ARG':
      case 'LABEL':
        break;
      default:
        throw new Error(`${where}: ${keyword} is not replayed by tests/e2e/support/replay-stage.ts`);
    }
  }
  if (!cmd) throw new Error('the runtime stage has no CMD');
  return { env, user, exposed, healthcheck, cmd };
}

/** A path in an earlier stage's file system, as a path in the repository (that stage's WORKDIR). */
function stageWorkdirRelative(stages: readonly Stage[], from: string, path: string, where: string): string {
  const stage = stages.find((candidate) => candidate.name === from) ?? stages[Number(from)];
  if (!stage) throw new Error(`${where}: no stage ${from}`);
  const workdir = stage.instructions
    .filter((instruction) => instruction.keyword === 'WORKDIR')
    .reduce((current, instruction) => posix.resolve(current, instruction.args), '/');
  const absolute = posix.resolve(workdir, path);
  if (!absolute.startsWith(`${workdir}/`)) throw new Error(`${where}: ${path} is outside stage ${from}'s WORKDIR`);
  return posix.relative(workdir, absolute);
}

function readText(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

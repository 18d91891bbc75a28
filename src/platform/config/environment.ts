import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import { AppConfig, ConfigError, loadConfig } from './app-config';
import { envVarsOf } from './env-var.decorator';

type Environment = Record<string, string | undefined>;

const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * The variables the configuration is read from: the process's own, then those of the `.env` file (`envFile`;
 * null: none) that the process does not set (neither as NAME nor as NAME_FILE), then each secret's `NAME_FILE`
 * read into NAME. Returns the merged variables and one line per problem (an unreadable file, NAME and
 * NAME_FILE both set); secrets never appear in either message.
 */
export function resolveEnvironment(
  env: Environment,
  envFile: string | null,
): { env: Environment; problems: string[] } {
  const problems: string[] = [];
  const merged: Environment = { ...env };
  const fromFile = envFile === null ? {} : readEnvFile(envFile, problems);
  for (const [name, value] of Object.entries(fromFile)) {
    const base = name.endsWith('_FILE') ? name.slice(0, -'_FILE'.length) : name;
    if (isSet(env[name]) || isSet(env[base]) || isSet(env[`${name}_FILE`])) continue;
    merged[name] = value;
  }
  for (const v of envVarsOf(AppConfig.prototype)) {
    if (!v.secret) continue;
    const path = merged[`${v.name}_FILE`];
    if (!isSet(path)) continue;
    if (isSet(merged[v.name])) {
      problems.push(`${v.name} and ${v.name}_FILE are both set: keep one of them`);
      continue;
    }
    try {
      const value = readFileSync(path, 'utf8').replace(/(\r?\n)+$/, '');
      if (value === '') problems.push(`${v.name}_FILE=${JSON.stringify(path)}: the file is empty`);
      else merged[v.name] = value;
    } catch (error) {
      problems.push(`${v.name}_FILE=${JSON.stringify(path)}: cannot read the file (${errorCode(error)})`);
    }
  }
  return { env: merged, problems };
}

function readEnvFile(path: string, problems: string[]): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') problems.push(`${path}: cannot read the file (${errorCode(error)})`);
    return {};
  }
  return parse(text);
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'unreadable';
}

/**
 * Resolves `.env` and the `NAME_FILE` secrets into `env` (process.env: the entity decorators read
 * DATABASE_URL when their modules load) and validates the result. Throws ConfigError listing every problem.
 */
export function prepareEnvironment(env: NodeJS.ProcessEnv, envFile: string | null): AppConfig {
  const resolved = resolveEnvironment(env, envFile);
  let config: AppConfig | undefined;
  const problems = [...resolved.problems];
  try {
    config = loadConfig(resolved.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length > 0 || !config) throw new ConfigError(problems);
  for (const [name, value] of Object.entries(resolved.env)) if (value !== undefined) env[name] = value;
  return config;
}

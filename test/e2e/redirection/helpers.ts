import { join } from 'node:path';
import { readGolden, REDIRECTION_GOLDEN_DIR } from '../../helpers/golden';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

export const NS = '/wp-json/redirection/v1';

export interface Golden {
  status: number;
  body: any;
  request: {
    method: string;
    path: string;
    body: any;
    auth: string | null;
    multipart?: Array<{ name: string; filename: string; content: string }>;
  };
  headers: Record<string, any>;
}

/** A recorded answer of the real plugin 5.4.2 (copied from the shared golden set into test/fixtures). */
export function golden(name: string): Golden {
  return readGolden<Golden>(join(REDIRECTION_GOLDEN_DIR, `${name}.json`));
}

export interface RedirectionTest {
  t: TestApp;
  admin: TestUser;
  editor: TestUser;
  subscriber: TestUser;
}

export async function setup(env: Record<string, string> = {}): Promise<RedirectionTest> {
  const t = await createTestApp(env);
  return {
    t,
    admin: await t.user('administrator'),
    editor: await t.user('editor'),
    subscriber: await t.user('subscriber'),
  };
}

/** Golden ids as ours: redirect ids counted from 367, group ids from 227 (the peer's table counters). */
export function mapGoldenIds(value: unknown, redirectOffset = 366, groupOffset = 224): unknown {
  const group = (id: number) => (id >= 227 ? id - groupOffset : id);
  if (Array.isArray(value)) return value.map((item) => mapGoldenIds(item, redirectOffset, groupOffset));
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  const isRedirect = 'match_url' in record;
  const isGroup = 'moduleName' in record;
  for (const [key, inner] of Object.entries(record)) {
    if (key === 'id' && typeof inner === 'number' && isRedirect) result[key] = inner - redirectOffset;
    else if (key === 'id' && typeof inner === 'number' && isGroup) result[key] = group(inner);
    else if ((key === 'group_id' || key === 'last_group_id') && typeof inner === 'number')
      result[key] = group(inner);
    else if (key === 'redirection_id' && typeof inner === 'number') result[key] = inner - redirectOffset;
    else result[key] = mapGoldenIds(inner, redirectOffset, groupOffset);
  }
  return result;
}

import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

export const NS = '/wp-json/redirection/v1';

/** A recorded answer of the real plugin (../shared/reference/golden/redirection). */
export function golden(name: string): { status: number; body: any; request: any; headers: Record<string, any> } {
  const dir = path.resolve(__dirname, '../../../../../shared/reference/golden/redirection');
  return JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8'));
}

export interface RedirectionTest {
  t: TestApp;
  admin: TestUser;
  editor: TestUser;
}

export async function setup(env: Record<string, string> = {}): Promise<RedirectionTest> {
  const t = await createTestApp(env);
  return { t, admin: await t.user('administrator'), editor: await t.user('editor') };
}

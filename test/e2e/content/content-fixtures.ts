import type { Role } from '../../../src/platform/auth';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

export const API = '/wp-json/core/v2';

export interface ContentFixture {
  t: TestApp;
  users: Record<Role, TestUser>;
  get: (path: string, as?: TestUser) => ReturnType<ReturnType<TestApp['http']>['get']>;
  post: (path: string, body: object, as?: TestUser) => ReturnType<ReturnType<TestApp['http']>['post']>;
  put: (path: string, body: object, as?: TestUser) => ReturnType<ReturnType<TestApp['http']>['put']>;
  del: (path: string, as?: TestUser) => ReturnType<ReturnType<TestApp['http']>['delete']>;
  /** Creates a post or page as `as` (default editor) and returns its body. */
  create: (type: 'posts' | 'pages', body: object, as?: TestUser) => Promise<any>;
}

/** A test app with one user per role and request helpers for core/v2 (`env`: extra configuration). */
export async function contentFixture(env: Record<string, string> = {}): Promise<ContentFixture> {
  const t = await createTestApp({ SITE_TIMEZONE: 'Europe/Oslo', ...env });
  const users = {} as Record<Role, TestUser>;
  for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as Role[]) {
    users[role] = await t.user(role);
  }
  const auth = <T extends { set: (name: string, value: string) => T }>(req: T, as?: TestUser): T =>
    as ? req.set('Authorization', as.auth) : req;
  const fixture: ContentFixture = {
    t,
    users,
    get: (path, as) => auth(t.http().get(`${API}${path}`), as),
    post: (path, body, as) => auth(t.http().post(`${API}${path}`), as).send(body),
    put: (path, body, as) => auth(t.http().put(`${API}${path}`), as).send(body),
    del: (path, as) => auth(t.http().delete(`${API}${path}`), as),
    create: async (type, body, as) => {
      const response = await fixture.post(`/${type}`, body, as ?? users.editor);
      if (response.status !== 201) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
      return response.body;
    },
  };
  return fixture;
}

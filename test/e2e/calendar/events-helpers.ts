import { DataSource } from 'typeorm';
import { CALENDAR_CACHE_GROUP } from '../../../src/modules/cal/shared';
import { LastChanged } from '../../../src/platform/database';
import type { TestApp, TestUser } from '../../helpers/test-app';

export const API = '/wp-json/cal/events/v1';

export interface EventSeed {
  title?: string;
  start_date: string;
  end_date: string;
  [key: string]: unknown;
}

/** Creates an event through the API as `user` and returns the response body. */
export async function createEvent(t: TestApp, user: TestUser, seed: EventSeed): Promise<Record<string, any>> {
  const response = await t
    .http()
    .post(`${API}/events`)
    .set('Authorization', user.auth)
    .send({ title: 'An event', ...seed });
  if (response.status !== 201)
    throw new Error(`create failed ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** `YYYY-MM-DD HH:MM:SS` for now + `days` (+ `hours`), in UTC. */
export function daysFromNow(days: number, hours = 0): string {
  const date = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Runs SQL straight on the database, then retires cached calendar pages as a write through the API would. */
export async function sql(t: TestApp, query: string, params: unknown[] = []): Promise<unknown> {
  const result: unknown = await t.app.get(DataSource).query(query, params);
  await t.app.get(LastChanged).renew(CALENDAR_CACHE_GROUP);
  return result;
}

import { RestError } from '../../../platform/rest';
import type { AteAmsClient } from '../ams';
import { AteJobRequest, AteJobsClient } from './ate-jobs.client';

/** An AteJobsClient over a stub of the signed client: `answer` is what every call returns. */
function clientAnswering(answer: unknown, serviceUrl = true) {
  const calls: Array<{ method: string; path: string; payload: unknown }> = [];
  const sent: string[] = [];
  const remote = {
    ateEnabled: true,
    call: (_service: string, method: string, path: string, payload?: unknown) => {
      calls.push({ method, path, payload });
      return Promise.resolve(answer);
    },
    isServiceUrl: () => serviceUrl,
    send: (_method: string, url: string) => {
      sent.push(url);
      return Promise.resolve({
        status: 200,
        body: '<xliff/>',
        contentType: 'application/xml',
        json: undefined,
      });
    },
    websiteUuid: () => 'uuid',
  } as unknown as AteAmsClient;
  return { client: new AteJobsClient(remote), calls, sent };
}

const request = (id: number): AteJobRequest => ({
  wpml_job_id: id,
  source_language: 'en',
  target_language: 'no',
  permalink: '',
  notify_url: '',
  deadline: null,
  site_identifier: 'uuid',
  file: { type: 'data:application/x-xliff;base64', name: `job-${id}.xliff`, content: '' },
});

const badAnswer = (promise: Promise<unknown>) =>
  expect(promise).rejects.toMatchObject({ code: 'ml_remote_bad_answer', status: 502 } as Partial<RestError>);

describe('AteJobsClient', () => {
  it('reads the ATE job id of each job it sent', async () => {
    const { client, calls } = clientAnswering({ jobs: { '5': 10, '6': '11' } });
    expect(await client.createJobs([request(5), request(6), request(7)])).toEqual(
      new Map([
        [5, 10],
        [6, 11],
      ]),
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/wpml/jobs' });
    expect((await clientAnswering({ jobs: [] }).client.createJobs([request(5)])).size).toBe(0);
  });

  it.each([
    ['not an object', 'garbage'],
    ['no jobs', {}],
    ['a job it was not sent', { jobs: { '9': 10 } }],
    ['an id that is not one', { jobs: { '5': 'x' } }],
    ['a zero id', { jobs: { '5': 0 } }],
  ])('refuses an answer with %s', async (_what, answer) => {
    await badAnswer(clientAnswering(answer).client.createJobs([request(5)]));
  });

  it('reads sync answers: items, skipping what is not a job, and the pagination token', async () => {
    const { client, calls } = clientAnswering({
      items: [
        { ate_id: 10, id: 5, status: 6, download_link: 'http://ate/x' },
        { ate_id: 11, id: 6, status: 'translated' },
        { id: 7, status: 1 },
        null,
      ],
      next: { pagination_token: 'tok', pages_number: 3 },
    });
    const answer = await client.syncAll([10, 11]);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/wpml/sync/all',
      payload: { ids: [10, 11] },
    });
    expect(answer.next).toEqual({ token: 'tok', pages: 3 });
    expect(answer.items.map((item) => [item.ateJobId, item.jobId, item.status, item.downloadLink])).toEqual([
      [10, 5, 6, 'http://ate/x'],
    ]);
    await badAnswer(clientAnswering({ items: 'x' }).client.syncAll([1]));
    await client.syncPage('to&ken', 2);
    expect(calls[1].path).toBe('/api/wpml/sync/page?pagination_token=to%26ken&page=2');
  });

  it('a job answer must be the job asked for', async () => {
    await badAnswer(clientAnswering({ ate_id: 11, id: 5, status: 1 }).client.job(10));
    expect((await clientAnswering({ ate_id: 10, id: 5, status: 1 }).client.job(10)).jobId).toBe(5);
  });

  it('fetches translated files only from the configured services', async () => {
    const outside = clientAnswering(null, false);
    await expect(outside.client.fetchXliff('http://203.0.113.9/x')).rejects.toMatchObject({
      code: 'ml_remote_bad_answer',
    });
    expect(outside.sent).toEqual([]);
    const inside = clientAnswering(null, true);
    expect(await inside.client.fetchXliff('http://ate/x')).toBe('<xliff/>');
  });
});

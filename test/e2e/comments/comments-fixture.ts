import { DataSource } from 'typeorm';
import { CommentsService } from '../../../src/modules/core/comments';
import { contentFixture, ContentFixture } from '../content/content-fixtures';
import { FakeSpamService, VALID_KEY } from '../../helpers/fake-spam-service';

export interface CommentsFixture extends ContentFixture {
  /** The fake spam service the app talks to (answers ham unless the content says otherwise). */
  spamService: FakeSpamService;
  close: () => Promise<void>;
  comments: CommentsService;
  db: DataSource;
  /** Creates a comment as `as` (default administrator: approved, no flood check) and returns its body. */
  comment: (body: object, as?: ContentFixture['users'][keyof ContentFixture['users']]) => Promise<any>;
  /** The stored row of a comment. */
  row: (id: number) => Promise<Record<string, any> | undefined>;
  commentCount: (postId: number) => Promise<number>;
}

/** Comments on a fresh app whose spam filter talks to a fake service on 127.0.0.1 with a key configured. */
export async function commentsFixture(env: Record<string, string> = {}): Promise<CommentsFixture> {
  const spamService = await new FakeSpamService().start();
  const base = await contentFixture({
    SPAMFILTER_URL: spamService.url,
    SPAMFILTER_KEY: VALID_KEY,
    SPAMFILTER_RECHECK_SECONDS: '0',
    SPAMFILTER_TIMEOUT_MS: '1000',
    ...env,
  });
  const db = base.t.app.get(DataSource);
  const fixture: CommentsFixture = {
    ...base,
    spamService,
    close: async () => {
      await base.t.close();
      await spamService.stop();
    },
    comments: base.t.app.get(CommentsService),
    db,
    comment: async (body, as) => {
      const response = await base.post('/comments', body, as ?? base.users.administrator);
      if (response.status !== 201) throw new Error(`comment failed: ${JSON.stringify(response.body)}`);
      return response.body;
    },
    row: async (id) => (await db.query('SELECT * FROM comments WHERE id = ?', [id]))[0],
    commentCount: async (postId) =>
      Number((await db.query('SELECT comment_count FROM posts WHERE id = ?', [postId]))[0].comment_count),
  };
  return fixture;
}

import { DataSource } from 'typeorm';
import { CommentsService } from '../../../src/comments';
import { contentFixture, ContentFixture } from '../content/content-fixtures';

export interface CommentsFixture extends ContentFixture {
  comments: CommentsService;
  db: DataSource;
  /** Creates a comment as `as` (default administrator: approved, no flood check) and returns its body. */
  comment: (body: object, as?: ContentFixture['users'][keyof ContentFixture['users']]) => Promise<any>;
  /** The stored row of a comment. */
  row: (id: number) => Promise<Record<string, any> | undefined>;
  commentCount: (postId: number) => Promise<number>;
}

export async function commentsFixture(env: Record<string, string> = {}): Promise<CommentsFixture> {
  const base = await contentFixture(env);
  const db = base.t.app.get(DataSource);
  const fixture: CommentsFixture = {
    ...base,
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

import { forbidden, RestError } from '../../../platform/rest';

/** The comments controller's errors, with WordPress's codes and messages. */
export const CommentErrors = {
  invalidId: () => new RestError('rest_comment_invalid_id', 'Invalid comment ID.', 404),
  postInvalidId: () => new RestError('rest_post_invalid_id', 'Invalid post ID.', 404),
  cannotRead: (loggedIn: boolean) =>
    forbidden('rest_cannot_read', 'Sorry, you are not allowed to read this comment.', loggedIn),
  cannotReadWithoutPost: (loggedIn: boolean) =>
    forbidden('rest_cannot_read', 'Sorry, you are not allowed to read comments without a post.', loggedIn),
  cannotReadPost: (loggedIn: boolean) =>
    forbidden(
      'rest_cannot_read_post',
      'Sorry, you are not allowed to read the post for this comment.',
      loggedIn,
    ),
  forbiddenContext: (loggedIn: boolean) =>
    forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit comments.', loggedIn),
  forbiddenParams: (params: string[], loggedIn: boolean) =>
    forbidden('rest_forbidden_param', `Query parameter not permitted: ${params.join(', ')}`, loggedIn),
  loginRequired: () =>
    new RestError('rest_comment_login_required', 'Sorry, you must be logged in to comment.', 401),
  notAllowedField: (code: string, field: string, loggedIn: boolean) =>
    forbidden(code, `Sorry, you are not allowed to edit '${field}' for comments.`, loggedIn),
  createWithoutPost: () =>
    new RestError(
      'rest_comment_invalid_post_id',
      'Sorry, you are not allowed to create this comment without a post.',
      403,
    ),
  draftPost: () =>
    new RestError(
      'rest_comment_draft_post',
      'Sorry, you are not allowed to create a comment on this post.',
      403,
    ),
  trashPost: () =>
    new RestError(
      'rest_comment_trash_post',
      'Sorry, you are not allowed to create a comment on this post.',
      403,
    ),
  closed: () => new RestError('rest_comment_closed', 'Sorry, comments are closed for this item.', 403),
  exists: () => new RestError('rest_comment_exists', 'Cannot create existing comment.', 400),
  invalidType: () =>
    new RestError('rest_invalid_comment_type', 'Cannot create a comment with that type.', 400),
  changeType: () =>
    new RestError('rest_comment_invalid_type', 'Sorry, you are not allowed to change the comment type.', 404),
  contentInvalid: () => new RestError('rest_comment_content_invalid', 'Invalid comment content.', 400),
  authorInvalid: () => new RestError('rest_comment_author_invalid', 'Invalid comment author ID.', 400),
  authorDataRequired: () =>
    new RestError(
      'rest_comment_author_data_required',
      'Creating a comment requires valid author name and email values.',
      400,
    ),
  tooLong: (code: string) => new RestError(code, 'Comment field exceeds maximum length allowed.', 400),
  duplicate: () =>
    new RestError(
      'comment_duplicate',
      'Duplicate comment detected; it looks as though you&#8217;ve already said that!',
      409,
    ),
  flood: () => new RestError('comment_flood', 'You are posting comments too quickly. Slow down.', 400),
  updateInvalidPost: () => new RestError('rest_comment_invalid_post_id', 'Invalid post ID.', 403),
  cannotEdit: (loggedIn: boolean) =>
    forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this comment.', loggedIn),
  cannotDelete: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this comment.', loggedIn),
  /** The spam filter refused the comment outright (strictness and the service's discard tip). */
  discarded: () => new RestError('spamfilter_rest_comment_discarded', 'Comment discarded.', 400),
  alreadyTrashed: () => new RestError('rest_already_trashed', 'The comment has already been trashed.', 410),
};

import { forbidden, RestError } from '../../platform/rest';

/** Error codes and messages of the core content routes, as WordPress sends them. */
export const ContentErrors = {
  invalidId: () => new RestError('rest_post_invalid_id', 'Invalid post ID.', 404),
  invalidParent: () => new RestError('rest_post_invalid_id', 'Invalid post parent ID.', 400),
  invalidPageNumber: () =>
    new RestError(
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
      400,
    ),
  noSearchTerm: () =>
    new RestError(
      'rest_no_search_term_defined',
      'You need to define a search term to order by relevance.',
      400,
    ),
  includeMissing: () =>
    new RestError(
      'rest_orderby_include_missing_include',
      'You need to define an include parameter to order by include.',
      400,
    ),
  incorrectPassword: () => new RestError('rest_post_incorrect_password', 'Incorrect post password.', 403),
  postExists: () => new RestError('rest_post_exists', 'Cannot create existing post.', 400),
  invalidAuthor: () => new RestError('rest_invalid_author', 'Invalid author ID.', 400),
  invalidFeaturedMedia: () => new RestError('rest_invalid_featured_media', 'Invalid featured media ID.', 400),
  stickyPassword: (message: string) => new RestError('rest_invalid_field', message, 400),
  emptyContent: () => new RestError('empty_content', 'Content, title, and excerpt are empty.', 400),
  alreadyTrashed: () => new RestError('rest_already_trashed', 'The post has already been deleted.', 410),
  forbiddenContext: (message: string, loggedIn: boolean) =>
    forbidden('rest_forbidden_context', message, loggedIn),
  cannotRead: (loggedIn: boolean) =>
    forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', loggedIn),
  cannotCreate: (loggedIn: boolean) =>
    forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', loggedIn),
  cannotEdit: (loggedIn: boolean) =>
    forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', loggedIn),
  cannotDelete: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.', loggedIn),
  cannotEditOthers: (creating: boolean, loggedIn: boolean) =>
    forbidden(
      'rest_cannot_edit_others',
      creating
        ? 'Sorry, you are not allowed to create posts as this user.'
        : 'Sorry, you are not allowed to update posts as this user.',
      loggedIn,
    ),
  cannotAssignSticky: (loggedIn: boolean) =>
    forbidden('rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.', loggedIn),
  cannotPublish: (isPrivate: boolean, loggedIn: boolean) =>
    forbidden(
      'rest_cannot_publish',
      isPrivate
        ? 'Sorry, you are not allowed to create private posts in this post type.'
        : 'Sorry, you are not allowed to publish posts in this post type.',
      loggedIn,
    ),
  cannotAssignTerm: (loggedIn: boolean) =>
    forbidden(
      'rest_cannot_assign_term',
      'Sorry, you are not allowed to assign the provided terms.',
      loggedIn,
    ),
  // Revisions and autosaves
  invalidRevisionParent: () => new RestError('rest_post_invalid_parent', 'Invalid post parent ID.', 404),
  invalidRevisionId: () => new RestError('rest_post_invalid_id', 'Invalid revision ID.', 404),
  revisionParentMismatch: (parentId: number) =>
    new RestError(
      'rest_revision_parent_id_mismatch',
      `The revision does not belong to the specified parent with id of "${parentId}"`,
      404,
    ),
  cannotReadRevisions: (loggedIn: boolean, what: 'revisions' | 'autosaves' = 'revisions') =>
    forbidden('rest_cannot_read', `Sorry, you are not allowed to view ${what} of this post.`, loggedIn),
  cannotDeleteRevisions: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete revisions of this post.', loggedIn),
  cannotDeleteRevision: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this revision.', loggedIn),
  revisionTrashNotSupported: () =>
    new RestError(
      'rest_trash_not_supported',
      "Revisions do not support trashing. Set 'force=true' to delete.",
      501,
    ),
  revisionInvalidOffset: () =>
    new RestError(
      'rest_revision_invalid_offset_number',
      'The offset number requested is larger than or equal to the number of available revisions.',
      400,
    ),
  revisionInvalidPage: () =>
    new RestError(
      'rest_revision_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
      400,
    ),
  noAutosave: () =>
    new RestError('rest_post_no_autosave', 'There is no autosave revision for this post.', 404),
  invalidItemId: () => new RestError('rest_post_invalid_id', 'Invalid item ID.', 404),
  // Terms
  termInvalid: () => new RestError('rest_term_invalid', 'Term does not exist.', 404),
  termParentInvalid: () => new RestError('rest_term_invalid', 'Parent term does not exist.', 400),
  /** wp_insert_term's error as the terms controller answers it: the term's ID added twice before the status. */
  termExists: (termId: number, hierarchical: boolean) =>
    new RestError(
      'term_exists',
      hierarchical
        ? 'A term with the name provided already exists with this parent.'
        : 'A term with the name provided already exists in this taxonomy.',
      400,
      { term_id: termId },
    ).withAdditionalData(termId, termId),
  termSlugTaken: (slug: string) =>
    new RestError('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`, 400),
  termTrashNotSupported: () =>
    new RestError(
      'rest_trash_not_supported',
      "Terms do not support trashing. Set 'force=true' to delete.",
      501,
    ),
  termsForbiddenContext: (loggedIn: boolean) =>
    forbidden(
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit terms in this taxonomy.',
      loggedIn,
    ),
  cannotCreateTerm: (loggedIn: boolean) =>
    forbidden('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.', loggedIn),
  cannotUpdateTerm: (loggedIn: boolean) =>
    forbidden('rest_cannot_update', 'Sorry, you are not allowed to edit this term.', loggedIn),
  cannotDeleteTerm: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this term.', loggedIn),
  termPostInvalid: () => new RestError('rest_post_invalid_id', 'Invalid post ID.', 400),
  cannotReadPostTerms: (loggedIn: boolean) =>
    forbidden('rest_cannot_read', 'Sorry, you are not allowed to view terms for this post.', loggedIn),
};

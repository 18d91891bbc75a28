import { forbidden, RestError } from '../../rest';

/** Error codes and messages of `core/v2/media`, as WordPress's attachments controller sends them. */
export const MediaErrors = {
  invalidId: () => new RestError('rest_post_invalid_id', 'Invalid post ID.', 404),
  noData: () => new RestError('rest_upload_no_data', 'No data supplied.', 400),
  noContentType: () => new RestError('rest_upload_no_content_type', 'No Content-Type supplied.', 400),
  noContentDisposition: () =>
    new RestError('rest_upload_no_content_disposition', 'No Content-Disposition supplied.', 400),
  invalidDisposition: () =>
    new RestError(
      'rest_upload_invalid_disposition',
      'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
      400,
    ),
  hashMismatch: () => new RestError('rest_upload_hash_mismatch', 'Content hash did not match expected.', 412),
  /** A raw upload refused by the file checks (WordPress's wp_handle_sideload error, a 500 there). */
  sideload: (message: string) => new RestError('rest_upload_sideload_error', message, 500),
  /** A multipart upload refused by the file checks (WordPress's wp_handle_upload error). */
  upload: (message: string) => new RestError('rest_upload_unknown_error', message, 500),
  fileTooBig: (maxKb: number) =>
    new RestError(
      'rest_upload_file_too_big',
      `This file is too big. Files must be less than ${maxKb} KB in size.`,
      400,
    ),
  invalidParentType: () => new RestError('rest_invalid_param', 'Invalid parent type.', 400),
  invalidAuthor: () => new RestError('rest_invalid_author', 'Invalid author ID.', 400),
  trashNotSupported: () =>
    new RestError(
      'rest_trash_not_supported',
      "The post does not support trashing. Set 'force=true' to delete.",
      501,
    ),
  cannotDelete: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.', loggedIn),
  cannotEdit: (loggedIn: boolean) =>
    forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', loggedIn),
  cannotUploadToPost: (loggedIn: boolean) =>
    forbidden('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', loggedIn),
  cannotCreate: (loggedIn: boolean) =>
    forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', loggedIn),
  cannotEditOthers: (creating: boolean, loggedIn: boolean) =>
    forbidden(
      'rest_cannot_edit_others',
      creating
        ? 'Sorry, you are not allowed to create posts as this user.'
        : 'Sorry, you are not allowed to update posts as this user.',
      loggedIn,
    ),
  cannotPublish: (isPrivate: boolean, loggedIn: boolean) =>
    forbidden(
      'rest_cannot_publish',
      isPrivate
        ? 'Sorry, you are not allowed to create private posts in this post type.'
        : 'Sorry, you are not allowed to publish posts in this post type.',
      loggedIn,
    ),
  cannotRead: (loggedIn: boolean) =>
    forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', loggedIn),
  forbiddenContext: (message: string, loggedIn: boolean) =>
    forbidden('rest_forbidden_context', message, loggedIn),
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
  invalidDate: () => new RestError('rest_invalid_date', 'Invalid date.', 400),
};

/** WordPress's messages for refused files. */
export const UPLOAD_NOT_ALLOWED = 'Sorry, you are not allowed to upload this file type.';
export const UPLOAD_EMPTY = 'File is empty. Please upload something more substantial.';

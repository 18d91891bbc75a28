import { ContentErrors } from '../..';
import { forbidden, RestError } from '../../../../platform/rest';

/** Error codes and messages of `core/v2/media`, as WordPress's attachments controller sends them. */
export const MediaErrors = {
  // the same answers as every post type's
  cannotCreate: ContentErrors.cannotCreate,
  cannotDelete: ContentErrors.cannotDelete,
  cannotEdit: ContentErrors.cannotEdit,
  cannotEditOthers: ContentErrors.cannotEditOthers,
  cannotPublish: ContentErrors.cannotPublish,
  cannotRead: ContentErrors.cannotRead,
  forbiddenContext: ContentErrors.forbiddenContext,
  includeMissing: ContentErrors.includeMissing,
  invalidAuthor: ContentErrors.invalidAuthor,
  invalidId: ContentErrors.invalidId,
  invalidPageNumber: ContentErrors.invalidPageNumber,
  noSearchTerm: ContentErrors.noSearchTerm,
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
  /**
   * A raw upload refused by the file checks (WordPress's wp_handle_sideload error). WordPress answers it with 500;
   * a refused file is the client's fault, so here it is 400 with WordPress's code and message.
   */
  sideload: (message: string) => new RestError('rest_upload_sideload_error', message, 400),
  /** A multipart upload refused by the file checks (WordPress's wp_handle_upload error; 400 as above). */
  upload: (message: string) => new RestError('rest_upload_unknown_error', message, 400),
  fileTooBig: (maxKb: number) =>
    new RestError(
      'rest_upload_file_too_big',
      `This file is too big. Files must be less than ${maxKb} KB in size.`,
      400,
    ),
  invalidParentType: () => new RestError('rest_invalid_param', 'Invalid parent type.', 400),
  trashNotSupported: () =>
    new RestError(
      'rest_trash_not_supported',
      "The post does not support trashing. Set 'force=true' to delete.",
      501,
    ),
  cannotUploadToPost: (loggedIn: boolean) =>
    forbidden('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', loggedIn),
  invalidDate: () => new RestError('rest_invalid_date', 'Invalid date.', 400),
};

/** WordPress's messages for refused files. */
export const UPLOAD_NOT_ALLOWED = 'Sorry, you are not allowed to upload this file type.';
export const UPLOAD_EMPTY = 'File is empty. Please upload something more substantial.';

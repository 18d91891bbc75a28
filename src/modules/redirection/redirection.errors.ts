import { RestError } from '../../platform/rest';

/**
 * The plugin's errors (`Redirection_Api_Route::add_error_details`): status 400 plus an `error_code`, which the
 * plugin fills with a PHP line number; ours are fixed numbers per error, in the plugin's range.
 */
function pluginError(code: string, message: string, errorCode: number): RestError {
  return new RestError(code, message, 400, { error_code: errorCode });
}

/** The same plugin error reported from another place (its `error_code` is where it was raised). */
export function atErrorCode(error: unknown, errorCode: number): unknown {
  return error instanceof RestError && typeof error.extraData.error_code === 'number'
    ? new RestError(error.code, error.message, error.status, { ...error.extraData, error_code: errorCode })
    : error;
}

export const RedirectionErrors = {
  invalidMatcher: () => pluginError('redirect', 'Invalid redirect matcher', 297),
  invalidAction: () => pluginError('redirect', 'Invalid redirect action', 297),
  invalidGroup: () => pluginError('redirect', 'Invalid group when creating redirect', 297),
  invalidSource: () => pluginError('redirect', 'Invalid source URL', 297),
  /** Our addition: a pattern the linear-time engine cannot run is refused instead of never matching. */
  invalidRegex: (pattern: string, reason: string) =>
    new RestError('redirect', `Invalid regular expression '${pattern}': ${reason}`, 400, {
      error_code: 297,
      pattern,
    }),
  updateFailed: () => pluginError('redirect_update_failed', 'Invalid redirect details', 325),
  bulkFailed: () => pluginError('redirect_bulk_failed', 'Invalid redirect', 345),
  groupCreateInvalid: () => pluginError('redirect_group_invalid', 'Invalid group or parameters', 267),
  groupUpdateInvalid: () => pluginError('redirect_group_invalid', 'Invalid group details', 288),
  importInvalidFile: () => pluginError('redirect_import_invalid_file', 'Invalid file', 89),
  importInvalidGroup: () => pluginError('redirect_import_invalid_group', 'Invalid group', 95),
  exportInvalidModule: () => pluginError('redirect_export_invalid_module', 'Invalid module', 60),
  filterNotArray: () => new RestError('rest_invalid_param', 'Filter is not an array', 400),
  filterNotSupported: (key: string) =>
    new RestError('rest_invalid_param', `Filter type is not supported: ${key}`, 400),
};

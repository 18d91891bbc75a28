import { Arg } from '../../rest';

/** `GET|POST cal/views/v2/html` (TEC's `Rest_Endpoint::get_request_arguments`, the spec's names). */
export class ViewHtmlArgs {
  @Arg({ description: 'The URL of the view to render.', type: 'string', required: true })
  url: string;

  @Arg({ description: 'The slug of the view to render.', type: 'string' })
  view?: string;

  @Arg({ description: 'Nonce of the views (for the current user).', type: 'string' })
  _cal_view_rest_nonce_primary?: string;

  @Arg({ description: 'Nonce of the views (for a logged-out visitor).', type: 'string' })
  _cal_view_rest_nonce_secondary?: string;

  @Arg({ description: 'Form state of the view; overrides the URL parameters.', type: 'object' })
  view_data?: Record<string, unknown> | unknown[];

  @Arg({ description: 'AJAX action (accepted for compatibility).', type: 'string' })
  action?: string;
}

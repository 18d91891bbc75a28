import { RestError, RestErrors } from '../../platform/rest';

const URL_REFUSED = 'The URL is not allowed: it must reach a public address over http or https.';

export const HooksErrors = {
  webhookNotFound: () => new RestError('hooks_webhook_invalid_id', 'Invalid webhook ID.', 404),
  deliveryNotFound: () => new RestError('hooks_delivery_invalid_id', 'Invalid delivery ID.', 404),
  /** The oEmbed proxy's address rules refuse the target: reported like any invalid parameter. */
  urlRefused: () =>
    RestErrors.invalidParams(
      { url: URL_REFUSED },
      { url: { code: 'hooks_url_refused', message: URL_REFUSED, data: null } },
    ),
};

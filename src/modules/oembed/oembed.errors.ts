import { forbidden, RestError } from '../../platform/rest';

/** oEmbed controller errors (class-wp-oembed-controller.php). */
export const OEmbedErrors = {
  /** "Not Found" is the HTTP status text WordPress uses as the message. */
  invalidUrl: () => new RestError('oembed_invalid_url', 'Not Found', 404),
  proxyForbidden: (loggedIn: boolean) =>
    forbidden('rest_forbidden', 'Sorry, you are not allowed to make proxied oEmbed requests.', loggedIn),
};

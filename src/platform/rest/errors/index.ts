export { RestError, authorizationStatus, forbidden } from './rest-error';
export { RestErrors } from './error-codes';

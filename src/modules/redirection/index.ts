export { RedirectionModule } from './redirection.module';
export { RedirectEngine } from './engine/redirect-engine';
export { CustomMatchers } from './engine/custom-matchers';
export type { CustomMatcher } from './engine/custom-matchers';
export type { RequestFacts } from './engine/request-facts';

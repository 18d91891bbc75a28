export {
  LinearRegex,
  LinearRegexError,
  LinearRegexOptions,
  LinearRegexSet,
  MAX_PROGRAM_SIZE,
  RegexRefusal,
} from './linear-regex';

import { IsArray, IsDefined, IsOptional } from 'class-validator';
import { Arg, RestError } from '../../../../platform/rest';
import { COMPONENT_PATTERN } from '../string-translation.service';

/** Component names must be plain names: they become file names under `ML_LANGUAGES_DIR`. */
function componentNames(value: unknown, _call: unknown, name: string): true | RestError {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  if (items.every((item) => typeof item === 'string' && COMPONENT_PATTERN.test(item))) return true;
  return new RestError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, {
    params: { [name]: `${name} must list component names (letters, digits, _ . -).` },
    details: [],
  });
}

export class ImportMoStringsArgs {
  @IsOptional()
  @IsArray()
  @Arg({ validate: componentNames })
  plugins?: string[];

  @IsOptional()
  @IsArray()
  @Arg({ validate: componentNames })
  themes?: string[];

  @IsOptional()
  @IsArray()
  @Arg({ validate: componentNames })
  other?: string[];
}

export class SaveStringSettingArgs {
  @IsDefined()
  @Arg({})
  group: unknown;

  @IsDefined()
  @Arg({})
  key: unknown;

  @IsDefined()
  @Arg({})
  data: unknown;
}

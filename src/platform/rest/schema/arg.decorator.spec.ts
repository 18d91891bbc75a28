import 'reflect-metadata';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
} from 'class-validator';
import { Arg, argSpecsOf } from './arg.decorator';
import { CommonArgs } from './collection-args';

class BaseArgs {
  @CommonArgs.context()
  context: string;
}

class ThingArgs extends BaseArgs {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  @Arg({ description: 'How many.', default: 5 })
  count: number;

  @IsDefined()
  @IsEmail()
  @Arg({ description: 'Where to write.' })
  email: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @IsIn(['a', 'b'], { each: true })
  @Arg({ description: 'Letters.' })
  letters: string[];

  @IsOptional()
  @IsUrl()
  @Arg({ description: 'A link.' })
  link: string;

  @IsOptional()
  @IsBoolean()
  flag: boolean;

  @Arg({ description: 'Either.', type: ['integer', 'boolean'] })
  either: number | boolean;
}

class OrderedArgs {
  @IsOptional()
  @IsString()
  @IsIn(['asc', 'desc'])
  @Arg({ description: 'Sort order.', default: 'asc' }, { order: ['description', 'type', 'default', 'enum'] })
  order: string;

  @Arg({ default: 1, description: 'Only @Arg.' }, { order: ['description'] })
  plain: number;
}

describe('argSpecsOf', () => {
  const specs = argSpecsOf(ThingArgs);

  it('reads type, presence, bounds, enums, formats and items from class-validator', () => {
    expect(specs.get('count')).toEqual({
      description: 'How many.',
      type: 'integer',
      default: 5,
      minimum: 1,
      maximum: 50,
    });
    expect(specs.get('email')).toEqual({
      description: 'Where to write.',
      type: 'string',
      format: 'email',
      required: true,
    });
    expect(specs.get('letters')).toEqual({
      description: 'Letters.',
      type: 'array',
      items: { type: 'string', enum: ['a', 'b'] },
    });
    expect(specs.get('link')).toEqual({ description: 'A link.', type: 'string', format: 'uri' });
    expect(specs.get('flag')).toEqual({ type: 'boolean' });
  });

  it('keeps what only the platform decorator says (multi-type), and the parents’ args first', () => {
    expect(specs.get('either')).toEqual({ description: 'Either.', type: ['integer', 'boolean'] });
    expect([...specs.keys()]).toEqual(['context', 'count', 'email', 'letters', 'link', 'either', 'flag']);
    expect(specs.get('context')).toEqual({
      description: 'Scope under which the request is made; determines fields present in response.',
      type: 'string',
      enum: ['view', 'embed', 'edit'],
      default: 'view',
    });
  });

  it('shows the keywords in WordPress’s order', () => {
    expect(Object.keys(specs.get('count') as object)).toEqual([
      'description',
      'type',
      'default',
      'minimum',
      'maximum',
    ]);
  });

  it('shows an argument’s keywords in the order it states, when WordPress’s differs from the usual one', () => {
    const orderedSpecs = argSpecsOf(OrderedArgs);
    expect(Object.keys(orderedSpecs.get('order') as object)).toEqual([
      'description',
      'type',
      'default',
      'enum',
    ]);
    expect(orderedSpecs.get('order')).toEqual({
      description: 'Sort order.',
      type: 'string',
      default: 'asc',
      enum: ['asc', 'desc'],
    });
    expect(Object.keys(orderedSpecs.get('plain') as object)).toEqual(['description', 'default']);
  });

  it('orders a nested schema’s keywords by a dotted name', () => {
    class StatusArgs {
      @IsOptional()
      @IsArray()
      @IsString({ each: true })
      @IsIn(['publish', 'draft'], { each: true })
      @Arg(
        { description: 'Statuses.', default: 'publish' },
        { order: ['default', 'description', 'type', 'items', 'items.enum'] },
      )
      status: string[];
    }
    const status = argSpecsOf(StatusArgs).get('status') as { items: object };
    expect(Object.keys(status)).toEqual(['default', 'description', 'type', 'items']);
    expect(Object.keys(status.items)).toEqual(['enum', 'type']);
  });
});

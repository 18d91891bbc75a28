import { IsDefined, IsObject, IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../../platform/rest';

/** `GET|POST cal/views/v2/html` (TEC's `Rest_Endpoint::get_request_arguments`, the spec's names). */
export class ViewHtmlArgs {
  @IsDefined()
  @IsString()
  @Arg({ description: 'The URL of the view to render.' })
  url: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The slug of the view to render.' })
  view?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Nonce of the views (for the current user).' })
  _cal_view_rest_nonce_primary?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Nonce of the views (for a logged-out visitor).' })
  _cal_view_rest_nonce_secondary?: string;

  @IsOptional()
  @IsObject()
  @Arg({ description: 'Form state of the view; overrides the URL parameters.' })
  view_data?: Record<string, unknown> | unknown[];

  @IsOptional()
  @IsString()
  @Arg({ description: 'AJAX action (accepted for compatibility).' })
  action?: string;
}

import { Injectable, OnModuleInit } from '@nestjs/common';
import { argSpecsOf, Permissions, RestCall, RestResponse, RouteRegistry } from '../../platform/rest';
import { BatchService } from './batch.service';
import { BatchArgs } from './dto/batch-args.dto';

const MULTI_STATUS = 207;

/**
 * `POST /batch/v1`: a server route outside any namespace, so it is registered with the route table directly
 * rather than declared with `@RestController`. It reads the call and answers 207; the service runs the items.
 */
@Injectable()
export class BatchController implements OnModuleInit {
  constructor(
    private readonly registry: RouteRegistry,
    private readonly batch: BatchService,
  ) {}

  onModuleInit(): void {
    this.registry.registerServerRoute({
      namespace: '',
      pattern: '/batch/v1',
      endpoint: {
        methods: ['POST'],
        args: argSpecsOf(BatchArgs),
        permission: (call) => Permissions.public(call, this),
        allowBatch: false,
        showInIndex: true,
        handler: (call: RestCall<BatchArgs>) => this.serve(call),
      },
    });
  }

  async serve(call: RestCall<BatchArgs>): Promise<RestResponse> {
    const caller = {
      user: call.user,
      language: call.language,
      requestId: call.requestId,
      clientIp: call.clientIp,
    };
    return new RestResponse(await this.batch.run(caller, call.args), MULTI_STATUS);
  }
}

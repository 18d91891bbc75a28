import { Permissions, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { AggregatorService } from './aggregator.service';
import { ImportBatchArgs, ImportStateArgs } from './dto/import-callback.dto';

/**
 * `cal/event-aggregator/v1`: the import service pushes batches of events and forces record states. No
 * authentication (TEC's filters default to allowing it): a pending record and its current batch hash are
 * the only keys.
 */
@RestController('cal/event-aggregator/v1')
export class AggregatorController {
  constructor(private readonly aggregator: AggregatorService) {}

  @RestRoute('/import/(?P<import_id>\\w+)/batch', {
    methods: ['POST'],
    args: ImportBatchArgs,
    permission: Permissions.public,
  })
  batch(call: RestCall<ImportBatchArgs>) {
    const { args } = call;
    return this.aggregator.batch({
      importId: args.import_id,
      batchHash: args.batch_hash,
      status: args.status,
      percentageComplete: args.percentage_complete,
      // Not a declared argument (TEC reads it unvalidated): the parameter as sent.
      events: call.param('events'),
    });
  }

  @RestRoute('/import/(?P<import_id>\\w+)/state', {
    methods: ['POST'],
    args: ImportStateArgs,
    permission: Permissions.public,
  })
  state(call: RestCall<ImportStateArgs>) {
    const { args } = call;
    return this.aggregator.state({
      importId: args.import_id,
      status: args.status,
      message: args.message,
      messageSlug: args.message_slug,
      percentageComplete: args.percentage_complete,
    });
  }
}

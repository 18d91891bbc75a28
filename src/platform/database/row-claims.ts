import { FindOptionsOrder, FindOptionsWhere, IsNull, LessThan, ObjectLiteral, Repository } from 'typeorm';

/** A batch of due rows to claim for one worker (see `claimDueRows`). */
export interface DueRowClaim<E extends ObjectLiteral> {
  /** The due rows, as alternatives (OR); the "not claimed, or the claim expired" condition is added to each. */
  due: FindOptionsWhere<E> | FindOptionsWhere<E>[];
  order: FindOptionsOrder<E>;
  limit: number;
  /** The entity properties holding the claim: who holds it, and until when (a stored date-time string). */
  ownerProperty: keyof E & string;
  untilProperty: keyof E & string;
  owner: string;
  until: string;
  now: string;
}

/**
 * Claims up to `limit` due rows for `owner` until `until`, so that of several instances (or timers) working on one
 * database each row goes to exactly one: the candidates are read, then an UPDATE by primary key per row whose
 * WHERE re-checks that the row is still free, then the rows whose UPDATE took are read back.
 */
export async function claimDueRows<E extends ObjectLiteral>(
  repository: Repository<E>,
  claim: DueRowClaim<E>,
): Promise<E[]> {
  const free = [IsNull(), LessThan(claim.now)].map(
    (untilCondition) => ({ [claim.untilProperty]: untilCondition }) as FindOptionsWhere<E>,
  );
  const dueAlternatives = Array.isArray(claim.due) ? claim.due : [claim.due];
  const candidates = await repository.find({
    where: dueAlternatives.flatMap((due) => free.map((condition) => ({ ...due, ...condition }))),
    order: claim.order,
    take: claim.limit,
  });
  if (candidates.length === 0) return [];

  const metadata = repository.metadata;
  const untilColumn = metadata.findColumnWithPropertyName(claim.untilProperty)!.databaseName;
  const claimed: ObjectLiteral[] = [];
  // One UPDATE per row, counted: a row is ours only when our UPDATE changed it, even when two runs share an owner.
  for (const row of candidates) {
    const id = metadata.getEntityIdMap(row) as ObjectLiteral;
    const result = await repository
      .createQueryBuilder()
      .update()
      .set({ [claim.ownerProperty]: claim.owner, [claim.untilProperty]: claim.until } as never)
      .whereInIds([id])
      .andWhere(`(${untilColumn} IS NULL OR ${untilColumn} < :claimNow)`, { claimNow: claim.now })
      .execute();
    if ((result.affected ?? 0) === 1) claimed.push(id);
  }
  if (claimed.length === 0) return [];
  const ids = claimed;
  return repository.find({
    where: ids.map((id) => ({ ...id, [claim.ownerProperty]: claim.owner }) as FindOptionsWhere<E>),
    order: claim.order,
  });
}

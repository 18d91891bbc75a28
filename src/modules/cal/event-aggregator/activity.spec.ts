import { clampInterval, emptyActivity, insertionStatus, mergeActivity } from './activity';

describe('import activity', () => {
  it('clamps the batch interval as TEC IntervalCest expects', () => {
    const cases: Array<[unknown, number]> = [
      [10, 10],
      [30, 30],
      [200, 200],
      [600, 600],
      [601, 600],
      [null, 10],
      ['nan', 10],
      ['', 10],
      [5, 10],
      ['45', 45],
    ];
    for (const [value, expected] of cases) expect(clampInterval(value)).toBe(expected);
  });

  it('rates a batch by how many items produced activity', () => {
    expect(insertionStatus(3, 3)).toBe('success');
    expect(insertionStatus(3, 1)).toBe('partial');
    expect(insertionStatus(3, 0)).toBe('fail');
    expect(insertionStatus(0, 0)).toBe('success');
  });

  it('merges stored activity with a batch, each ID once', () => {
    const batch = emptyActivity();
    batch.cal_events.created.push(3, 4);
    batch.cal_venue.skipped.push(9);
    const merged = mergeActivity(JSON.stringify({ cal_events: { created: [1, 3] } }), batch);
    expect(merged.cal_events.created).toEqual([1, 3, 4]);
    expect(merged.cal_venue.skipped).toEqual([9]);
    expect(merged.post_tag).toEqual({ created: [], updated: [], skipped: [], scheduled: [] });
    expect(mergeActivity('not json', batch).cal_events.created).toEqual([3, 4]);
  });
});

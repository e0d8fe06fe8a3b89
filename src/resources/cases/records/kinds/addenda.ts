/**
 * Each addendum right under the interpretation it amends (and an addendum's own addenda under it), the rest
 * in the order given; an addendum whose interpretation is not in the list keeps its place.
 */
export function addendaUnderWhatTheyAmend<R extends { _id: number; amendsId?: number | null }>(
  records: readonly R[],
): R[] {
  const ids = new Set(records.map((record) => record._id));
  const placed = (record: R) => record.amendsId != null && ids.has(record.amendsId);
  const under = (record: R): R[] => [
    record,
    ...records.filter((other) => other.amendsId === record._id && other !== record).flatMap(under),
  ];
  return records.filter((record) => !placed(record)).flatMap(under);
}

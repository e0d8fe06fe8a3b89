import type { z } from 'zod';
import { type EditedThing, staleVersionMessage } from '../../contract/clientRules';
import {
  conflict,
  type FakeRequest,
  now,
  page,
  type Result,
  type Row,
  raiseNotFound,
  validate,
} from './fakeApiRules';

interface ChildRecords {
  rows: Row[];
  input: z.ZodType;
  update: z.ZodType<{ version: number }>;
  thing: EditedThing;
  defaultSort: string;
}

/**
 * A client's contacts or useful links (`_id` keyed, optimistically locked): list, create, read and
 * update under `/clients/{id}/contacts` and `/clients/{id}/contacts/{contactId}`.
 */
export function fakeChildRecordsApi({ rows, input, update, thing, defaultSort }: ChildRecords) {
  return ({ method, query, body }: FakeRequest, clientId: number, rest = ''): Result => {
    const ofClient = rows.filter((row) => row.clientId === clientId);
    if (!rest) {
      if (method === 'GET') return page(ofClient, query, defaultSort);
      const values = validate(input, body) as Row;
      const created = {
        ...values,
        _id: rows.length + 100,
        clientId,
        version: 1,
        createdAt: now(),
        updatedAt: now(),
      };
      rows.push(created);
      return { data: created };
    }
    const row = ofClient.find((found) => `/${found._id}` === rest) ?? raiseNotFound();
    if (method === 'GET') return { data: row };
    const values = validate(update, body);
    if (row.version !== values.version) throw conflict(staleVersionMessage(thing));
    const updated = { ...row, ...values, version: values.version + 1, updatedAt: now() };
    rows[rows.indexOf(row)] = updated;
    return { data: updated };
  };
}

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = { [keyword: string]: unknown };

/**
 * zod's own conversion, the one that writes the API document (dates as date-time strings, `undefined` as
 * null), in draft-07, the dialect fast-json-stringify reads, and self-contained: an empty registry, so that
 * no schema becomes a reference to a component of the document.
 */
const documentConversion = createJsonSchemaTransform({
  schemaRegistry: z.registry(),
  zodToJsonConfig: { target: 'draft-07' },
});

/** Keywords fast-json-stringify answers by validating the value against each branch on every reply. */
const PER_REPLY_VALIDATION = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];

/**
 * `X | null` as zod writes it (`anyOf: [X, {type: 'null'}]`) becomes X with `nullable: true`, which
 * fast-json-stringify serialises without validating: as the library itself writes it for OpenAPI 3.0.
 */
function collapseNullable(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const other = branches.find((branch: JsonSchema) => branch.type !== 'null') as JsonSchema | undefined;
  if (!other || !branches.some((branch: JsonSchema) => branch.type === 'null')) return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...rest, ...other, nullable: true };
}

function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value === null || typeof value !== 'object') return value;
  const schema = collapseNullable(value as JsonSchema);
  return Object.fromEntries(Object.entries(schema).map(([key, child]) => [key, normalised(child)]));
}

function validatesPerReply(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(validatesPerReply);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, child]) => PER_REPLY_VALIDATION.includes(key) || validatesPerReply(child),
  );
}

/** A route's response schema for one status as the JSON Schema its serializer is compiled from. */
export function responseJsonSchema(schema: $ZodType, url: string): JsonSchema {
  const converted = documentConversion({
    schema: { response: { 200: schema } },
    url,
    openapiObject: { openapi: '3.1.0' },
  } as Parameters<typeof documentConversion>[0]);
  const response = (converted.schema as { response: Record<number, JsonSchema> }).response;
  return normalised(response[200]) as JsonSchema;
}

type Serialize = (data: unknown) => string;

/** Routes answered with plain JSON.stringify, as `METHOD url status`: their schema keeps a union. */
export const plainlySerialised = new Set<string>();

/**
 * Serializers by JSON Schema text, and by zod schema: every route declares the error envelope for ten
 * statuses, and a process may build several apps (the tests do), but each schema is compiled once.
 */
const byJsonSchema = new Map<string, Serialize | undefined>();
const byZodSchema = new WeakMap<$ZodType, Serialize | undefined>();

/** The compiled serializer of a schema, or undefined when it would validate per reply (a union). */
function compiled(schema: $ZodType, url: string): Serialize | undefined {
  if (byZodSchema.has(schema)) return byZodSchema.get(schema);
  const json = responseJsonSchema(schema, url);
  const text = JSON.stringify(json);
  if (!byJsonSchema.has(text)) byJsonSchema.set(text, validatesPerReply(json) ? undefined : fastJson(json));
  const serialize = byJsonSchema.get(text);
  byZodSchema.set(schema, serialize);
  return serialize;
}

/**
 * Replies serialised by fast-json-stringify from the route's response schema, compiled once when the route
 * is built, instead of zod checking and re-encoding every reply: only the declared fields are sent, in the
 * schema's order, Dates as ISO strings. A schema that would still need validating per reply (a union of
 * objects) is served by JSON.stringify of the value, as the handler built it to the type.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url} ${httpStatus}: not a zod schema`);
  const serialize = compiled(schema, url);
  if (serialize) return serialize;
  plainlySerialised.add(`${method} ${url} ${httpStatus}`);
  return (data) => JSON.stringify(data);
};

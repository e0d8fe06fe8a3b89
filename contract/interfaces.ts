import { z } from 'zod';
import { INTERPRETATION_KINDS } from './caseRecords';
import { patientSchema } from './cases';
import { idParam, instant, MAX_DB_INT, optionalText, searchText, wholeNumber } from './fields';
import { listQuerySchema } from './list';

/**
 * Hospital interfaces (issue 32, DESIGN §8 "Interfaces (turn 4)"): a client's settings, its patient index
 * fed by its ADT messages, and the log of every message in and out.
 */

const timestamp = z.iso.datetime();

/** An MLLP peer's host name or address: letters, digits, dots, dashes and colons (IPv6). */
const hostName = optionalText('Host', 253).refine(
  (value) => /^[A-Za-z0-9.:-]*$/.test(value),
  'Host must be a host name or an IP address',
);

const baseUrl = (label: string) =>
  optionalText(label, 2000).refine(
    (value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)),
    `${label} must start with http:// or https://`,
  );

/**
 * A secret is write-only: leave it out to keep the stored one, send '' to clear it, or send the new value.
 * Answers only say whether one is set.
 */
const secret = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(4000, `${label} must be at most 4000 characters`)
    .optional();

const reportKinds = z
  .array(z.enum(INTERPRETATION_KINDS, { error: 'Report kinds are prelim, daily, final or addendum' }))
  .max(INTERPRETATION_KINDS.length)
  .default([]);

const interfaceFields = {
  inboundEnabled: z.boolean({ error: 'Inbound must be on (true) or off (false)' }).default(false),
  /** MSH-3 and MSH-4 of the hospital's messages: who the sender is. */
  sendingApplication: optionalText('Sending application', 180),
  sendingFacility: optionalText('Sending facility', 180),
  mllpEnabled: z.boolean({ error: 'HL7 over MLLP must be on (true) or off (false)' }).default(false),
  mllpHost: hostName,
  mllpPort: wholeNumber('MLLP port', 1, 65535)
    .nullish()
    .transform((value) => value ?? null),
  mllpTls: z.boolean({ error: 'TLS must be on (true) or off (false)' }).default(false),
  fhirEnabled: z.boolean({ error: 'FHIR must be on (true) or off (false)' }).default(false),
  fhirBaseUrl: baseUrl('FHIR base URL'),
  fhirClientId: optionalText('FHIR client id', 500),
  fhirTokenUrl: baseUrl('FHIR token URL'),
  reportKinds,
};

export const interfaceInputSchema = z
  .object({
    ...interfaceFields,
    fhirBearerToken: secret('FHIR bearer token'),
    fhirClientSecret: secret('FHIR client secret'),
    /** The version loaded; 0 for a client without settings yet. */
    version: z
      .number({ error: 'Version is required: send the version you loaded' })
      .int()
      .min(0)
      .max(MAX_DB_INT),
  })
  .superRefine((value, context) => {
    const need = (when: boolean, field: string, message: string) => {
      if (when) context.addIssue({ code: 'custom', path: [field], message });
    };
    need(
      value.inboundEnabled && !value.sendingApplication,
      'sendingApplication',
      'Inbound needs the sending application (MSH-3)',
    );
    need(value.mllpEnabled && !value.mllpHost, 'mllpHost', 'HL7 over MLLP needs the host');
    need(value.mllpEnabled && value.mllpPort === null, 'mllpPort', 'HL7 over MLLP needs the port');
    need(value.fhirEnabled && !value.fhirBaseUrl, 'fhirBaseUrl', 'FHIR needs the base URL');
  });
export type InterfaceInput = z.infer<typeof interfaceInputSchema>;

export const interfaceSchema = z.object({
  clientId: z.number().int(),
  inboundEnabled: z.boolean(),
  sendingApplication: z.string(),
  sendingFacility: z.string(),
  mllpEnabled: z.boolean(),
  mllpHost: z.string(),
  mllpPort: z.number().int().nullable(),
  mllpTls: z.boolean(),
  fhirEnabled: z.boolean(),
  fhirBaseUrl: z.string(),
  fhirClientId: z.string(),
  fhirTokenUrl: z.string(),
  reportKinds: z.array(z.enum(INTERPRETATION_KINDS)),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  hasFhirBearerToken: z.boolean(),
  hasFhirClientSecret: z.boolean(),
  version: z.number().int(),
  updatedAt: timestamp.nullable(),
});
export type ClientInterface = z.infer<typeof interfaceSchema>;

/** A patient of the client's index: who they are as a case keeps it, and their stay. */
export const indexedPatientSchema = patientSchema
  .pick({ mrn: true, firstName: true, lastName: true, dateOfBirth: true, sex: true, unit: true, room: true })
  .extend({
    visitNumber: z.string(),
    admittedAt: timestamp.nullable(),
    dischargedAt: timestamp.nullable(),
  });
export type IndexedPatient = z.infer<typeof indexedPatientSchema>;

export const patientSearchQuerySchema = z.object({ q: searchText('Search', 100) });

const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
const MESSAGE_STATUSES = ['accepted', 'refused', 'error', 'pending', 'sent', 'failed'] as const;

export const messageListQuerySchema = listQuerySchema(
  ['createdAt', 'id'] as const,
  'createdAt',
  'DESC',
).extend({
  clientId: idParam('Client id').optional(),
  direction: z.enum(MESSAGE_DIRECTIONS, { error: 'Direction is in or out' }).optional(),
  type: searchText('Type', 40),
  status: z.enum(MESSAGE_STATUSES, { error: `Status is one of: ${MESSAGE_STATUSES.join(', ')}` }).optional(),
  from: instant('From').optional(),
  to: instant('To').optional(),
  /** Include each message's raw text (a read of patient data, audited). */
  withRawText: z.enum(['true', 'false'], { error: 'withRawText is true or false' }).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const interfaceMessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  clientId: z.number().int().nullable(),
  messageType: z.string(),
  transport: z.string(),
  controlId: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  ackCode: z.string().nullable(),
  ackText: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  caseId: z.number().int().nullable(),
  /** Only with `withRawText=true`. */
  rawText: z.string().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type InterfaceMessage = z.infer<typeof interfaceMessageSchema>;

export const messageIdParams = z.object({ id: idParam('Message id') });

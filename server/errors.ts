import type { FieldError, LoadRefusal } from '../contract/envelope';

/** An error that is a value with an HTTP status; the one error handler maps it to the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldError[],
    /** A case move's unmet guards (409), each in words a technologist understands. */
    readonly unmet?: string[],
    /** A technologist's load limit refused the write (409): by how much, and who could take the case. */
    readonly overLoad?: LoadRefusal,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldError[]) => new AppError(400, message, fields);
export const unauthorized = (message = 'User needs to be authenticated to call this API.') =>
  new AppError(401, message);
export const forbidden = (message = 'Access denied') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, unmet?: string[]) => new AppError(409, message, undefined, unmet);
export const overLoadConflict = (message: string, overLoad: LoadRefusal) =>
  new AppError(409, message, undefined, undefined, overLoad);

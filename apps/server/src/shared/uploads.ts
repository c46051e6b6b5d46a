import multipart from '@fastify/multipart';
import { AUTH_MESSAGES } from '@invoicer/domain/api/auth';
import { IMPORT_FILE_FIELD, IMPORT_MESSAGES } from '@invoicer/domain/api/imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../plugins/errors';
import { requireSession } from '../plugins/session';

/**
 * One uploaded file and a few text fields, read from a multipart body (the import calls,
 * docs/product/api.md#import-calls). The file is held in memory up to `maxBytes` and refused past it while it
 * arrives; every refusal is a 400 with the envelope, never the parser's own error.
 */

/** Text fields an upload may carry beside its file, and how long each may be. */
const FIELD_BYTES = 64 * 1024;

/** Registers the multipart parser in the calling plugin's scope only, so no other route accepts multipart bodies. */
export async function acceptUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: FIELD_BYTES, headerPairs: 100 },
  });
}

export interface Upload {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Reads the request's file (field `file`) and its text fields. A `user_id` field that names another user is refused
 * with the 403 every route gives (the session guard reads JSON bodies and queries, not multipart fields).
 * `guests`: the route is open without a session (auth 'optional'), as the e-invoice reader is.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  options: { guests?: boolean } = {},
): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.notMultipart);
  let bytes: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_FILE_FIELD) {
          part.file.resume();
          throw badRequest(IMPORT_MESSAGES.wrongField);
        }
        bytes = await part.toBuffer();
        fileName = part.filename ?? '';
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Anything else is the multipart parser refusing the body (truncated, malformed, over a limit).
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(IMPORT_MESSAGES.tooLarge(maxBytes));
    throw badRequest(IMPORT_MESSAGES.unreadable);
  }
  // A guest names no account, so there is nothing a user_id field could spoof.
  const session = options.guests ? request.session : requireSession(request);
  const userId = session?.userId.toLowerCase();
  for (const key of userId === undefined ? [] : ['user_id', 'userId']) {
    const named = fields[key]?.trim().toLowerCase();
    if (named && named !== 'undefined' && named !== 'null' && named !== userId) {
      throw new HttpError(403, AUTH_MESSAGES.otherUser);
    }
  }
  if (!bytes) throw badRequest(IMPORT_MESSAGES.missingFile);
  if (bytes.byteLength === 0) throw badRequest(IMPORT_MESSAGES.empty);
  return { bytes, fileName, fields };
}

import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/errors';

/**
 * The client and business modals put a server message on a field when an entry of `errors`
 * mentions 'name', 'email' or 'tax' (spec part 1 §8). The app-wide envelope lists `errors` only
 * when there are two or more, so a lone 'Invalid email format' would land as a general error;
 * in the calling plugin's scope, every validation failure answers its `errors` array, even with
 * one entry. Anything else goes on to the app's error handler unchanged.
 */
export function answerFieldErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError && error.statusCode === 400 && error.errors && error.errors.length > 0) {
      return reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send({ success: false, error: error.message, errors: error.errors });
    }
    throw error; // the parent (app-wide) handler answers it
  });
}

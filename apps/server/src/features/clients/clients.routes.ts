import {
  bulkDeleteClientsBodySchema,
  bulkDeleteClientsResponseSchema,
  clientBodySchema,
  clientDeleteResponseSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientResponseSchema,
  clientSaveResponseSchema,
} from '@invoicer/domain/api/clients';
import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  clientImportPreviewResponseSchema,
  clientImportResponseSchema,
  IMPORT_LIMITS,
  IMPORT_MAPPING_FIELD,
} from '@invoicer/domain/api/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import { acceptUploads, readUpload } from '../../shared/uploads';
import { importClients, previewClientImport } from './clients.import';
import {
  bulkDeleteClients,
  clientMessages,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from './clients.service';

/**
 * The client calls (docs/product/api.md#clients). Every route needs a session (the /api
 * default); a user_id in the query or body other than the session user's is refused (403) by the
 * session plugin before these handlers run, so the handlers read the user from the session only.
 */
export interface ClientsRoutesOptions {
  /** Uploads of the import calls per client address and minute (RATE_LIMIT_DOCUMENTS_PER_MINUTE). */
  importsPerMinute: number;
}

const clientsRoutes: FastifyPluginAsyncZod<ClientsRoutesOptions> = async (app, { importsPerMinute }) => {
  const importLimit = { rateLimit: { max: importsPerMinute, timeWindow: 60_000 } };
  // The CSV import's upload (docs/product/api.md#post-apiclientsimport); multipart is accepted by these routes only.
  await acceptUploads(app, IMPORT_LIMITS.csvBytes);

  app.get(
    '/api/clients',
    { schema: { querystring: clientListQuerySchema, response: { 200: clientListResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, ...(await listClients(app.db, userId, request.query)) };
    },
  );

  // Registered before /api/clients/:id (the static segment wins anyway; the order documents it).
  app.delete(
    '/api/clients/bulk-delete',
    { schema: { body: bulkDeleteClientsBodySchema, response: { 200: bulkDeleteClientsResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const deletedCount = await bulkDeleteClients(app.db, userId, request.body.client_ids);
      return { success: true as const, deleted_count: deletedCount, message: clientMessages.bulkDeleted(deletedCount) };
    },
  );

  // Registered before /api/clients/:id routes, like bulk-delete. Nothing is written by the preview.
  app.post(
    '/api/clients/import/preview',
    { schema: { response: { 200: clientImportPreviewResponseSchema } }, config: importLimit },
    async (request) => {
      const { userId } = requireSession(request);
      const upload = await readUpload(request, IMPORT_LIMITS.csvBytes);
      return {
        success: true as const,
        ...(await previewClientImport(app.db, userId, upload.bytes, upload.fields[IMPORT_MAPPING_FIELD])),
      };
    },
  );

  app.post(
    '/api/clients/import',
    { schema: { response: { 200: clientImportResponseSchema, 201: clientImportResponseSchema } }, config: importLimit },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const upload = await readUpload(request, IMPORT_LIMITS.csvBytes);
      const result = await importClients(app.db, userId, upload.bytes, upload.fields[IMPORT_MAPPING_FIELD]);
      return reply.code(result.imported > 0 ? 201 : 200).send({ success: true as const, ...result });
    },
  );

  app.get(
    '/api/clients/:id',
    {
      schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: clientResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, client: await getClient(app.db, userId, request.params.id) };
    },
  );

  app.post(
    '/api/clients',
    { schema: { body: clientBodySchema, response: { 201: clientSaveResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const client = await createClient(app.db, userId, request.body);
      return reply.code(201).send({ success: true as const, message: clientMessages.created(client.name), client });
    },
  );

  app.put(
    '/api/clients/:id',
    { schema: { params: idParamSchema, body: clientBodySchema, response: { 200: clientSaveResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const client = await updateClient(app.db, userId, request.params.id, request.body);
      return { success: true as const, message: clientMessages.updated(client.name), client };
    },
  );

  app.delete(
    '/api/clients/:id',
    {
      schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: clientDeleteResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      await deleteClient(app.db, userId, request.params.id);
      return { success: true as const, message: clientMessages.deleted };
    },
  );
};

export default clientsRoutes;

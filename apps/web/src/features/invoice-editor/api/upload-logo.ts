import { apiJson } from '../../../lib/api-client';

/**
 * The multipart field (the domain's LOGO_UPLOAD_FIELD, in the module whose schemas would bring zod
 * into /new's first load); the answer's schema loads beside the upload, so the file leaves at once.
 */
const LOGO_FIELD = 'logo';

/**
 * POST /upload-logo (docs/product/api.md#post-upload-logo): the file in the multipart field `logo`; answers the stored
 * logo's URL.
 */
export async function uploadLogo(file: File): Promise<string> {
  const body = new FormData();
  body.append(LOGO_FIELD, file);
  const answer = await apiJson('/upload-logo', {
    method: 'POST',
    body,
    schema: import('@invoicer/domain/api/logos').then((m) => m.uploadLogoResponseSchema),
  });
  return answer.logo_url;
}

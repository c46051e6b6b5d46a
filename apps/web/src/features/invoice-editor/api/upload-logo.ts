import { apiJson } from '../../../lib/api-client';

/** The logo contract (its field name and answer schema) loads with the first upload, not with /new: it brings zod. */
const contract = () => import('@invoicer/domain/api/logos');

/** POST /upload-logo (spec part 2 §7): the file in the multipart field `logo`; answers the stored logo's URL. */
export async function uploadLogo(file: File): Promise<string> {
  const { LOGO_UPLOAD_FIELD, uploadLogoResponseSchema } = await contract();
  const body = new FormData();
  body.append(LOGO_UPLOAD_FIELD, file);
  const answer = await apiJson('/upload-logo', { method: 'POST', body, schema: uploadLogoResponseSchema });
  return answer.logo_url;
}

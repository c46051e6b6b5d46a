import type { UploadLogoResponse } from '@invoicer/domain/api/logos';
import { apiJson } from '../../../lib/api-client';

/** The multipart field (the domain's LOGO_UPLOAD_FIELD; that module's schemas would pull zod into the first load). */
const LOGO_FIELD = 'logo';

/** POST /upload-logo (spec part 2 §7): the file in the multipart field `logo`; answers the stored logo's URL. */
export async function uploadLogo(file: File): Promise<string> {
  const body = new FormData();
  body.append(LOGO_FIELD, file);
  const response = await apiJson<UploadLogoResponse>('/upload-logo', { method: 'POST', body });
  return response.logo_url;
}

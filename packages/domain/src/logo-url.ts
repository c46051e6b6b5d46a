/** How a logo_url names a logo: our upload store's path, or an image data URL. Zod-free, for the web's first load. */
export type LogoRef = { kind: 'upload'; id: string } | { kind: 'data'; mime: string; base64: string };

/** Base64 text of a data: logo, about 2 MB decoded. */
export const LOGO_DATA_URL_MAX = 2_800_000;

const LOGO_PATH =
  /^(?:https?:\/\/[^/\s]+)?\/api\/logos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const LOGO_DATA = /^data:image\/(png|jpe?g|webp|gif);base64,([A-Za-z0-9+/]+={0,2})$/;

export function parseLogoUrl(value: string): LogoRef | null {
  const upload = LOGO_PATH.exec(value);
  if (upload) return { kind: 'upload', id: upload[1]!.toLowerCase() };
  if (value.length <= LOGO_DATA_URL_MAX) {
    const data = LOGO_DATA.exec(value);
    if (data) return { kind: 'data', mime: `image/${data[1] === 'jpg' ? 'jpeg' : data[1]}`, base64: data[2]! };
  }
  return null;
}

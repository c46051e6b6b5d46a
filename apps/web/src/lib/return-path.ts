/** Where a sign-in lands when there is no page to return to, or the one asked for is refused. */
export const DEFAULT_RETURN_PATH = '/new';

/** Longer than any address of the app; a longer value is refused rather than cut. */
const MAX_LENGTH = 2048;

/** Control characters (C0, DEL, C1) and whitespace: browsers strip or reinterpret them in URLs. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;

/** An origin nobody owns: a value that resolves away from it points at another site. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/** The path, then each form it takes as its percent escapes are decoded again, until nothing changes. */
function decodedForms(path: string): string[] {
  const forms = [path];
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(forms[forms.length - 1]!);
    } catch {
      break; // a lone "%" is text, not an escape: what was decoded so far is all there is
    }
    if (next === forms[forms.length - 1]) break;
    forms.push(next);
  }
  return forms;
}

/** A path (no query or fragment) that the address bar reads as a page of this site. */
function looksLocal(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !UNSAFE_CHARACTER.test(path);
}

/**
 * A page of this app to go to after signing in, from a value the visitor may have written
 * (`?next=`, stored state): only a same-origin path that starts with a single "/" is kept, with its
 * query and fragment; anything else is null. Refused: other sites ("//evil.com", "/\evil.com",
 * "https://...", "javascript:..."), control characters and whitespace, the same tricks behind
 * percent escapes, once or several times ("/%2F%2Fevil.com", "/%255Cevil.com"), overlong values,
 * and the sign-in pages themselves (a loop) and the API.
 * See docs/product/routes-and-access.md#after-signing-in.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (UNSAFE_CHARACTER.test(value)) return null;
  // Only the path decides where a browser goes; the query and fragment may hold any (escaped) text.
  const path = value.split(/[?#]/, 1)[0]!;
  if (!decodedForms(path).every(looksLocal)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // Dot segments collapse as the browser collapses them: "/.//evil.com" becomes "//evil.com".
  if (url.origin !== PROBE_ORIGIN || !decodedForms(url.pathname).every(looksLocal)) return null;
  // Routes match without regard to case: /AUTH is the sign-in page too.
  const page = url.pathname.toLowerCase();
  if (page === '/auth' || page.startsWith('/auth/') || page.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to land on after signing in: the requested one when it is safe, else the default. */
export function returnPathOr(value: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  return safeReturnPath(value) ?? fallback;
}

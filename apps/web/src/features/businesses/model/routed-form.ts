/**
 * The navigation state /businesses/{id} and /businesses?create=true hand to Settings > Businesses:
 * the modal they open is a routed form, which goes back one history step once saved or cancelled
 * (docs/product/routes-and-access.md#routed-forms). A modal opened by ?edit= or ?create= without it
 * (Settings' own address) closes onto the grid.
 */
export const ROUTED_FORM_STATE = { routedForm: true } as const;

export function isRoutedForm(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { routedForm?: unknown }).routedForm === true;
}
